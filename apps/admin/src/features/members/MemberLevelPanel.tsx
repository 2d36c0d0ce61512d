import { MEMBER_LEVELS, type MemberLevel, type MemberLevelResult } from '@bahtdesk/contract';
import { FormAlert, formErrorText, handledGlobally, SelectField } from '@bahtdesk/ui/forms';
import { type FormEvent, useState } from 'react';
import { Loaded } from '../../components/States.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { call, useApi } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCan } from '../../lib/session.ts';
import { showSnackbar } from '../../lib/store.ts';

/**
 * A member's verification level on their page: the level, who set it and why, the level's limits
 * with what is left today and this month, and (operators and admins) a form to set it with a note,
 * audited (decision 0067).
 */
export function MemberLevelPanel({ memberId }: { memberId: number }) {
  const t = useT('members');
  const state = useApi('memberLevel', { params: { id: memberId }, dialog: false });
  return (
    <section className="panel" aria-labelledby="member-level-title">
      <h2 id="member-level-title">{t('level.title')}</h2>
      <Loaded state={state}>
        {(level) => <LevelView memberId={memberId} level={level} onSaved={state.reload} />}
      </Loaded>
    </section>
  );
}

function LevelView({
  memberId,
  level,
  onSaved,
}: {
  memberId: number;
  level: MemberLevelResult;
  onSaved: () => void;
}) {
  const t = useT('members');
  const f = useFormat();
  const canSet = useCan('setMemberLevel');
  return (
    <>
      <p>
        <span className="badge">{t('level.current', { level: level.level })}</span>{' '}
        {level.level === 0 ? t('level.unverified') : null}
        {level.setBy && level.setAt
          ? t('level.setBy', { who: level.setBy, when: f.dateTime(level.setAt) })
          : level.level > 0
            ? t('level.byIdentity')
            : null}
      </p>
      {level.note ? (
        <p>
          {t('level.note')}: {level.note}
        </p>
      ) : null}
      {level.level > 0 ? (
        <div className="table-wrap">
          <table className="table level-limits">
            <caption>{t('level.limits')}</caption>
            <thead>
              <tr>
                <td />
                <th scope="col">{t('level.perDay')}</th>
                <th scope="col">{t('level.leftToday')}</th>
                <th scope="col">{t('level.perMonth')}</th>
                <th scope="col">{t('level.leftMonth')}</th>
              </tr>
            </thead>
            <tbody>
              {(['buy', 'sell'] as const).map((side) => (
                <tr key={side}>
                  <th scope="row">{t(`level.${side}`)}</th>
                  <td>{f.amount(level[side].dayLimit)}</td>
                  <td>{f.amount(level[side].leftToday)}</td>
                  <td>{f.amount(level[side].monthLimit)}</td>
                  <td>{f.amount(level[side].leftThisMonth)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canSet && level.level > 0 ? (
        <SetLevelForm memberId={memberId} current={level.level === 2 ? 2 : 1} onSaved={onSaved} />
      ) : null}
    </>
  );
}

function SetLevelForm({
  memberId,
  current,
  onSaved,
}: {
  memberId: number;
  current: MemberLevel;
  onSaved: () => void;
}) {
  const t = useT('members');
  const f = useFormat();
  const [level, setLevel] = useState<MemberLevel>(current === 2 ? 1 : 2);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      await call('setMemberLevel', { params: { id: memberId }, body: { level, note }, dialog: false });
      showSnackbar(t('level.saved'));
      setNote('');
      onSaved();
    } catch (error) {
      if (!handledGlobally(error)) setProblem(formErrorText(error, f.lang));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="member-level-set">
      <h3 id="member-level-set">{t('level.set')}</h3>
      <FormAlert message={problem} />
      <SelectField
        label={t('level.newLevel')}
        value={String(level)}
        onChange={(e) => setLevel(Number(e.target.value) as MemberLevel)}
      >
        {MEMBER_LEVELS.map((l) => (
          <option key={l} value={l}>
            {t('level.current', { level: l })}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('level.noteLabel')}
        rows={3}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('level.save')}
        </button>
      </div>
    </form>
  );
}
