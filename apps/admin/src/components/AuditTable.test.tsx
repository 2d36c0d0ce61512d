import { AUDIT_ACTION_WORDS, type AuditEntry } from '@bahtdesk/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setState } from '../lib/store.ts';
import { AuditTable } from './AuditTable.tsx';

const ROW: AuditEntry = {
  id: 1,
  actorType: 'staff',
  actorId: '2',
  actorName: 'ops',
  action: 'order.complete',
  target: 'order:7',
  before: null,
  after: null,
  reason: null,
  ip: null,
  outcome: 'success',
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('the audit log says what happened in words', () => {
  it('shows the action in Thai on the Thai console, the raw action in its tooltip', async () => {
    await act(async () => setState({ language: 'th' }));
    render(<AuditTable items={[ROW]} caption="log" />);
    const cell = screen.getByText('รายการสำเร็จ');
    expect(cell.getAttribute('title')).toBe('order.complete');
    expect(screen.queryByText('order.complete')).toBeNull();
  });

  it('shows it in English on the English console, and an unknown action as it is', async () => {
    await act(async () => setState({ language: 'en' }));
    render(<AuditTable items={[ROW, { ...ROW, id: 2, action: 'desk.newThing' }]} caption="log" />);
    expect(screen.getByText('Order completed').getAttribute('title')).toBe('order.complete');
    expect(screen.getByText('desk.newThing')).toBeTruthy();
  });

  it('says a change came from the command line, and which server user ran it, where a client’s IP address goes', async () => {
    await act(async () => setState({ language: 'en' }));
    render(
      <AuditTable
        items={[
          { ...ROW, ip: 'cli:root' },
          { ...ROW, id: 2, ip: '203.0.113.7' },
        ]}
        caption="log"
      />,
    );
    expect(screen.getByText('From the command line on the server (server user root)')).toBeTruthy();
    expect(screen.getByText('IP address: 203.0.113.7')).toBeTruthy();
  });

  it('has words in both languages for every action the server records', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../../api/src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const recorded = new Set<string>();
    for (const f of files) {
      const code = readFileSync(join(root, f), 'utf8');
      if (!/recordAudit|action/.test(code)) continue;
      for (const m of code.matchAll(
        /action: (?:[^'\n]*\? )?'([a-z]+\.[a-zA-Z_.]+)'(?: : '([a-z]+\.[a-zA-Z_.]+)')?/g,
      )) {
        recorded.add(m[1] as string);
        if (m[2]) recorded.add(m[2]);
      }
    }
    expect(recorded.size).toBeGreaterThan(30);
    const missing = [...recorded].filter((a) => !AUDIT_ACTION_WORDS[a]?.en || !AUDIT_ACTION_WORDS[a]?.th);
    expect(missing).toEqual([]);
  });
});
