import {
  NETWORK_IDS,
  NETWORKS,
  NOTICE_TEMPLATES,
  type NoticeParam,
  type NoticeTemplate,
  renderNotice,
  TRANSACTION_STATUSES,
} from '@bahtdesk/contract';
import { describe, expect, it } from 'vitest';
import { orderNotice } from './notices.ts';
import type { OrderRow } from './repository.ts';

/** An order row as the order calls hand it to orderNotice. */
function order(type: 'buy' | 'sell', status: OrderRow['status'], network: string): OrderRow {
  return {
    public_id: 'S261202ABCDEF',
    member_id: 1,
    type,
    status,
    network,
    amount_thb: '1369.86',
    amount_usdt: '39.50',
    total: '1356.16',
    deadline_at: new Date('2026-12-02T03:00:00Z'),
    payout_reference: '0xabc',
    reason_code: 'other',
    reason: 'Wrong amount.',
    reason_th: 'ยอดไม่ตรง',
  } as OrderRow;
}

/** Whether `text` names a network by an internal id: any id left once the names the app shows are taken out. */
function internalIdsIn(text: string): string[] {
  let rest = text;
  for (const n of NETWORKS) rest = rest.replaceAll(n.name, '');
  return NETWORK_IDS.filter((id) => new RegExp(`\\b${id}\\b`).test(rest));
}

describe('messages name the network as the app shows it', () => {
  it('rule: every order message, for every network, side and status, in English and Thai, names the network and no internal id', () => {
    let named = 0;
    for (const network of NETWORKS) {
      for (const type of ['buy', 'sell'] as const) {
        for (const status of TRANSACTION_STATUSES) {
          const notice = orderNotice(order(type, status, network.id));
          for (const lang of ['en', 'th'] as const) {
            const { subject, text } = renderNotice(notice.template, lang, notice.params ?? {});
            const where = `${network.id} ${type} ${status} ${lang}`;
            expect(internalIdsIn(`${subject}\n${text}`), where).toEqual([]);
            if (NOTICE_TEMPLATES[notice.template][lang].text.includes('{{network}}')) {
              expect(text, where).toContain(network.name);
              named += 1;
            }
          }
        }
      }
    }
    // The sell placed, the buy completed: each network, in both languages.
    expect(named).toBe(NETWORKS.length * 2 * 2);
  });

  it('rule: every message kind of the catalogue, in English and Thai, holds no internal network id', () => {
    const params: Record<string, NoticeParam> = {
      ...orderNotice(order('sell', 'pending', 'TETHER')).params,
      reference: '0xabc',
      reason: { en: 'Wrong amount.', th: 'ยอดไม่ตรง' },
      what: { en: 'USDT address …1234', th: 'ที่อยู่ USDT …1234' },
      usableFrom: new Date('2026-12-03T03:00:00Z'),
      level: '2',
      device: 'Firefox on Linux',
      at: new Date('2026-12-02T03:00:00Z'),
    };
    for (const template of Object.keys(NOTICE_TEMPLATES) as NoticeTemplate[]) {
      for (const lang of ['en', 'th'] as const) {
        const { subject, text } = renderNotice(template, lang, params);
        expect(internalIdsIn(`${subject}\n${text}`), `${template} ${lang}`).toEqual([]);
        expect(text, `${template} ${lang}: a placeholder left unfilled`).not.toMatch(/\{\{\w+\}\}/);
      }
    }
    expect(renderNotice('orderCompletedBuy', 'th', params).text).toContain('บนเครือข่าย Ethereum (ERC-20)');
  });
});
