import { RemovableTable } from '../../components/RemovableTable.tsx';
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
            <RemovableTable
              caption={t('bans.title')}
              rows={data.items}
              rowKey={(b) => b.ip}
              columns={[
                { head: t('bans.ip'), cell: (b) => <code>{b.ip}</code> },
                { head: t('bans.reason'), cell: (b) => b.reason },
                { head: t('bans.since'), cell: (b) => (b.bannedAt ? f.dateTime(b.bannedAt) : '—') },
                {
                  head: t('bans.left'),
                  cell: (b) => t('bans.minutes', { count: minutesLeft(b.until, now) }),
                },
              ]}
              remove={
                canUnban
                  ? {
                      head: t('bans.actions'),
                      label: t('bans.unban'),
                      name: (b) => b.ip,
                      title: t('bans.unbanTitle'),
                      text: (b) => <p>{t('bans.unbanText', { ip: b.ip })}</p>,
                      run: async (b) => {
                        await call('unban', { body: { ip: b.ip } });
                        showSnackbar(t('bans.lifted', { ip: b.ip }));
                        state.reload();
                      },
                    }
                  : null
              }
            />
          )
        }
      </Loaded>
    </section>
  );
}
