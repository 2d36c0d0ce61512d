import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, publicServer, renderApp } from '../../test/app.tsx';
import { setState } from '../lib/store.ts';

const INVISIBLE = /[\u200b\u2060]/;

describe('Thai compounds are kept whole on a line and read as written', () => {
  it('names the log-in heading and button exactly by their Thai words, with no invisible marks', async () => {
    mockApi(publicServer());
    await renderApp('/login');
    await act(async () => setState({ language: 'th' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' });
    const submit = screen.getByRole('button', { name: 'เข้าสู่ระบบ' });
    const signUp = screen.getByRole('link', { name: 'ยังไม่มีบัญชี? สมัครสมาชิก' });
    for (const element of [heading, submit, signUp])
      expect(INVISIBLE.test(element.textContent ?? '')).toBe(false);
    expect(INVISIBLE.test(document.body.textContent ?? '')).toBe(false);
  });

  it('draws each compound in a nowrap span, in the page and through a library component (the router link)', async () => {
    mockApi(publicServer());
    await renderApp('/login');
    await act(async () => setState({ language: 'th' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' });
    expect(heading.querySelector('.thai-term')?.textContent).toBe('เข้าสู่ระบบ');
    const signUp = screen.getByRole('link', { name: 'ยังไม่มีบัญชี? สมัครสมาชิก' });
    expect(signUp.querySelector('.thai-term')?.textContent).toBe('สมัครสมาชิก');
    // The text stays one child, so a flex container (a button) draws no gap inside it.
    expect(signUp.children).toHaveLength(1);
    expect(signUp.children[0]?.textContent).toBe('ยังไม่มีบัญชี? สมัครสมาชิก');
  });
});
