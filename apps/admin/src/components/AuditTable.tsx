import { type AuditEntry, auditActionWords, commandLineUser } from '@bahtdesk/contract';
import { useActorWords } from '../lib/actor-name.ts';
import { useFormat } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
}

/**
 * Audit rows: when, who, what (in words; the raw action in the cell's tooltip, the filter and the
 * CSV), on what, the outcome, and before/after one click away with where it came from (an IP
 * address, or the command line and the server user who ran it).
 */
export function AuditTable({ items, caption }: { items: readonly AuditEntry[]; caption: string }) {
  const t = useT('audit');
  const f = useFormat();
  const { actorKind } = useActorWords();
  /** Where a change came from: a client's IP address, or the command line and its server user. */
  const where = (ip: string) => {
    const osUser = commandLineUser(ip);
    return osUser === undefined ? t('ip', { ip }) : t('commandLine', { osUser });
  };
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('col.when')}</th>
            <th scope="col">{t('col.actor')}</th>
            <th scope="col">{t('col.action')}</th>
            <th scope="col">{t('col.target')}</th>
            <th scope="col">{t('col.outcome')}</th>
            <th scope="col">{t('col.details')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td className="nowrap">{f.dateTime(a.createdAt)}</td>
              <td>
                {a.actorName ?? a.actorId ?? '—'} <span className="muted">({actorKind(a.actorType)})</span>
              </td>
              <td className="words" title={a.action}>
                {auditActionWords(a.action, f.lang)}
              </td>
              <td>{a.target ?? '—'}</td>
              <td>
                <span className={a.outcome === 'success' ? 'badge badge--ok' : 'badge badge--bad'}>
                  {t(`outcome.${a.outcome}`)}
                </span>
              </td>
              <td>
                <details>
                  <summary>{t('col.show')}</summary>
                  {a.reason ? <p>{t('reason', { reason: a.reason })}</p> : null}
                  {a.ip ? <p>{where(a.ip)}</p> : null}
                  <p className="muted">{t('before')}</p>
                  <Json value={a.before} />
                  <p className="muted">{t('after')}</p>
                  <Json value={a.after} />
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
