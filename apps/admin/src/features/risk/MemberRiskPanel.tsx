import { MEMBER_FLAGS, type MemberFlag, type MemberFlagEntry } from '@bahtdesk/contract';
import { SelectField, TextField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/** Sends a change; the error dialog says why one failed, and the panel reads again either way. */
function useSend(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const send = async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await change();
      showSnackbar(done);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      reload();
    }
  };
  return { busy, send };
}

/** An active flag as a banner: what, why, who and when; an admin lifts it with a reason. */
function FlagBanner({
  memberId,
  entry,
  reload,
}: {
  memberId: number;
  entry: MemberFlagEntry;
  reload: () => void;
}) {
  const t = useT('risk');
  const f = useFormat();
  const canLift = useCan('liftMemberFlag');
  const [reason, setReason] = useState('');
  const { busy, send } = useSend(reload);
  const lift = async (event: FormEvent) => {
    event.preventDefault();
    const body = { flag: entry.flag, reason };
    if (await send(() => call('liftMemberFlag', { params: { id: memberId }, body }), t('flags.lifted')))
      setReason('');
  };
  return (
    <div className={`risk-flag risk-flag--${entry.flag}`} role="status">
      <p>
        <strong>{t(`flag.${entry.flag}`)}</strong> {t(`effect.${entry.flag}`)}
      </p>
      <p className="message">{entry.reason}</p>
      <p className="muted small">{t('flags.setBy', { who: entry.setBy, when: f.dateTime(entry.setAt) })}</p>
      {canLift ? (
        <form
          className="risk-inline"
          onSubmit={lift}
          aria-label={t('flags.liftForm', { flag: t(`flag.${entry.flag}`) })}
        >
          <TextField
            label={t('flags.liftReason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('flags.lift')}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** Operators and admins set a flag with a reason. */
function SetFlagForm({
  memberId,
  active,
  reload,
}: {
  memberId: number;
  active: MemberFlag[];
  reload: () => void;
}) {
  const t = useT('risk');
  const free = MEMBER_FLAGS.filter((flag) => !active.includes(flag));
  const [flag, setFlag] = useState<MemberFlag | ''>('');
  const [reason, setReason] = useState('');
  const { busy, send } = useSend(reload);
  if (free.length === 0) return null;
  const chosen = flag !== '' && free.includes(flag) ? flag : (free[0] as MemberFlag);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { flag: chosen, reason };
    if (await send(() => call('setMemberFlag', { params: { id: memberId }, body }), t('flags.set')))
      setReason('');
  };
  return (
    <form className="risk-inline" onSubmit={submit} aria-label={t('flags.setForm')}>
      <SelectField
        label={t('flags.flag')}
        value={chosen}
        onChange={(e) => setFlag(e.target.value as MemberFlag)}
      >
        {free.map((f) => (
          <option key={f} value={f}>
            {t(`flag.${f}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('flags.reason')}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        {t('flags.setButton')}
      </button>
    </form>
  );
}

/** Operators and admins add a note; notes are never changed or removed. */
function NoteForm({ memberId, reload }: { memberId: number; reload: () => void }) {
  const t = useT('risk');
  const [body, setBody] = useState('');
  const { busy, send } = useSend(reload);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await send(() => call('addMemberNote', { params: { id: memberId }, body: { body } }), t('notes.added'))
    )
      setBody('');
  };
  return (
    <form onSubmit={submit} aria-label={t('notes.form')}>
      <TextAreaField
        label={t('notes.new')}
        value={body}
        maxLength={2000}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('notes.add')}
        </button>
      </div>
    </form>
  );
}

/**
 * A member's flags and staff notes (decision 0068), on the member's page and on each of their order
 * and identity screens: active flags as banners, then the notes, newest first; live.
 */
export function MemberRiskPanel({ memberId }: { memberId: number }) {
  const t = useT('risk');
  const f = useFormat();
  const state = useApi('memberRisk', { params: { id: memberId }, dialog: false });
  const canWrite = useCan('addMemberNote');
  const data = state.status === 'ready' ? state.data : undefined;
  if (!data) return null;
  const active = data.flags.filter((x) => x.liftedAt === null);
  const lifted = data.flags.filter((x) => x.liftedAt !== null);
  return (
    <section className="panel risk" aria-labelledby={`risk-${memberId}`}>
      <h2 id={`risk-${memberId}`}>{t('title')}</h2>
      {active.map((entry) => (
        <FlagBanner key={entry.id} memberId={memberId} entry={entry} reload={state.reload} />
      ))}
      {canWrite ? (
        <SetFlagForm memberId={memberId} active={active.map((x) => x.flag)} reload={state.reload} />
      ) : null}
      <h3>{t('notes.title')}</h3>
      {data.notes.length === 0 ? <p className="muted">{t('notes.none')}</p> : null}
      <ul className="risk-notes">
        {data.notes.map((n) => (
          <li key={n.id}>
            <p className="message">{n.body}</p>
            <p className="muted small">{t('notes.by', { who: n.author, when: f.dateTime(n.createdAt) })}</p>
          </li>
        ))}
      </ul>
      {canWrite ? <NoteForm memberId={memberId} reload={state.reload} /> : null}
      {lifted.length > 0 ? (
        <details>
          <summary>{t('flags.history', { count: lifted.length })}</summary>
          <ul className="risk-notes">
            {lifted.map((x) => (
              <li key={x.id}>
                <strong>{t(`flag.${x.flag as MemberFlag}`)}</strong> {x.reason}{' '}
                <span className="muted small">
                  {t('flags.setBy', { who: x.setBy, when: f.dateTime(x.setAt) })}{' '}
                  {t('flags.liftedBy', {
                    who: x.liftedBy ?? '',
                    when: f.dateTime(x.liftedAt ?? x.setAt),
                    reason: x.liftReason ?? '',
                  })}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
