import { STAFF_ROLES, type StaffAccount, type StaffRole } from '@bahtdesk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Empty, Loaded } from '../../components/States.tsx';
import { call, queries, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useAdminState } from '../../lib/store.ts';
import { PendingChanges } from '../proposals/PendingChanges.tsx';
import { CreateStaff } from './CreateStaff.tsx';

type Action =
  | { kind: 'role'; account: StaffAccount; role: StaffRole }
  | { kind: 'disable' | 'enable' | 'reset' | 'unlock'; account: StaffAccount };

function isLocked(a: StaffAccount, now: number): boolean {
  return a.lockedUntil !== null && Date.parse(a.lockedUntil) > now;
}

/** What the account's state is, in words. */
function Status({ account, now }: { account: StaffAccount; now: number }) {
  const t = useT('staff');
  const tags: string[] = [];
  if (account.disabled) tags.push(t('status.disabled'));
  if (isLocked(account, now)) tags.push(t('status.locked'));
  if (!account.enrolled) tags.push(t('status.notEnrolled'));
  if (account.mustChangePassword) tags.push(t('status.oneTimePassword'));
  if (tags.length === 0) tags.push(t('status.active'));
  return <>{tags.join(' · ')}</>;
}

/**
 * Staff accounts (admins only): create, change role, disable or enable, reset the second factor,
 * unlock. A change that lends admin power waits for a second admin (decision 0091), listed above.
 */
export default function StaffPage() {
  const t = useT('staff');
  const tc = useT('common');
  const tp = useT('proposals');
  const f = useFormat();
  const me = useAdminState((s) => s.profile?.id);
  const [action, setAction] = useState<Action | null>(null);
  const [roles, setRoles] = useState<Record<number, StaffRole>>({});
  const state = useApi('listStaff');
  const now = Date.now();

  const run = async (a: Action) => {
    const params = { id: a.account.id };
    const { proposal } =
      a.kind === 'role'
        ? await call('setStaffRole', { params, body: { role: a.role } })
        : a.kind === 'disable' || a.kind === 'enable'
          ? await call('setStaffDisabled', { params, body: { disabled: a.kind === 'disable' } })
          : a.kind === 'reset'
            ? await call('resetStaffSecondFactor', { params, body: {} })
            : await call('unlockStaff', { params, body: {} });
    showSnackbar(proposal ? tp('proposed') : t(`done.${a.kind}`, { username: a.account.username }));
    if (proposal) queries.invalidate(['changeProposals']);
    state.reload();
  };

  return (
    <section className="page" aria-labelledby="staff-title">
      <h1 id="staff-title">{t('title')}</h1>
      <PendingChanges only={(p) => p.kind === 'staff'} />
      <CreateStaff onCreated={state.reload} />
      <Loaded state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('empty')}</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('col.username')}</th>
                    <th scope="col">{t('col.role')}</th>
                    <th scope="col">{t('col.status')}</th>
                    <th scope="col">{t('col.lastLogin')}</th>
                    <th scope="col">{t('col.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((a) => {
                    const self = a.id === me;
                    const chosen = roles[a.id] ?? a.role;
                    return (
                      <tr key={a.id}>
                        <td>
                          {a.username}
                          {self ? <span className="muted"> ({t('you')})</span> : null}
                        </td>
                        <td>
                          {self ? (
                            tc(`role.${a.role}`)
                          ) : (
                            <span className="inline-form">
                              <select
                                className="field__input field__input--inline"
                                aria-label={t('roleOf', { username: a.username })}
                                value={chosen}
                                onChange={(e) =>
                                  setRoles((r) => ({ ...r, [a.id]: e.target.value as StaffRole }))
                                }
                              >
                                {STAFF_ROLES.map((r) => (
                                  <option key={r} value={r}>
                                    {tc(`role.${r}`)}
                                  </option>
                                ))}
                              </select>
                              {chosen !== a.role ? (
                                <button
                                  type="button"
                                  className="button button--small button--primary"
                                  onClick={() => setAction({ kind: 'role', account: a, role: chosen })}
                                >
                                  {t('action.setRole')}
                                </button>
                              ) : null}
                            </span>
                          )}
                        </td>
                        <td>
                          <Status account={a} now={now} />
                        </td>
                        <td>{a.lastLoginAt ? f.dateTime(a.lastLoginAt) : '—'}</td>
                        <td className="row-actions">
                          {isLocked(a, now) ? (
                            <button
                              type="button"
                              className="button button--small"
                              onClick={() => setAction({ kind: 'unlock', account: a })}
                            >
                              {t('action.unlock')}
                              <span className="visually-hidden">: {a.username}</span>
                            </button>
                          ) : null}
                          {self ? null : (
                            <>
                              <button
                                type="button"
                                className="button button--small"
                                onClick={() => setAction({ kind: 'reset', account: a })}
                              >
                                {t('action.reset')}
                                <span className="visually-hidden">: {a.username}</span>
                              </button>
                              <button
                                type="button"
                                className={
                                  a.disabled ? 'button button--small' : 'button button--small button--danger'
                                }
                                onClick={() =>
                                  setAction({ kind: a.disabled ? 'enable' : 'disable', account: a })
                                }
                              >
                                {a.disabled ? t('action.enable') : t('action.disable')}
                                <span className="visually-hidden">: {a.username}</span>
                              </button>
                            </>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {action ? (
        <ConfirmDialog
          title={t(`confirm.${action.kind}.title`, { username: action.account.username })}
          confirmLabel={t(`confirm.${action.kind}.button`)}
          danger={action.kind === 'disable' || action.kind === 'reset'}
          onClose={() => setAction(null)}
          onConfirm={() => run(action)}
        >
          <p>
            {t(`confirm.${action.kind}.text`, {
              username: action.account.username,
              role: action.kind === 'role' ? tc(`role.${action.role}`) : '',
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
