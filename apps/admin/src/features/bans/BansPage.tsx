import type { IpBan } from '@bahtdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/** Whole minutes until `until`, at least 1 while the ban lasts. */
export function minutesLeft(until: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(until) - now) / 60_000));
}

/** IP addresses banned now, with why and for how much longer; admins and operators can lift a ban. */
export default function BansPage() {
  const t = useT('members');
  const f = useFormat();
  const canUnban = useCan('unban');
  const [lifting, setLifting] = useState<IpBan | null>(null);
  const state = useApi('listBans');
  const now = Date.now();
  return (
    <section className="page" aria-labelledby="bans-title">
      <h1 id="bans-title">{t('bans.title')}</h1>
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('bans.empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('bans.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('bans.ip')}</th>
                    <th scope="col">{t('bans.reason')}</th>
                    <th scope="col">{t('bans.since')}</th>
                    <th scope="col">{t('bans.left')}</th>
                    {canUnban ? <th scope="col">{t('bans.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((b) => (
                    <tr key={b.ip}>
                      <td>
                        <code>{b.ip}</code>
                      </td>
                      <td>{b.reason}</td>
                      <td>{b.bannedAt ? f.dateTime(b.bannedAt) : '—'}</td>
                      <td>{t('bans.minutes', { count: minutesLeft(b.until, now) })}</td>
                      {canUnban ? (
                        <td>
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => setLifting(b)}
                          >
                            {t('bans.unban')}
                            <span className="visually-hidden">: {b.ip}</span>
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {lifting ? (
        <ConfirmDialog
          title={t('bans.unbanTitle')}
          confirmLabel={t('bans.unban')}
          onClose={() => setLifting(null)}
          onConfirm={async () => {
            await call('unban', { body: { ip: lifting.ip } });
            showSnackbar(t('bans.lifted', { ip: lifting.ip }));
            state.reload();
          }}
        >
          <p>{t('bans.unbanText', { ip: lifting.ip })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
