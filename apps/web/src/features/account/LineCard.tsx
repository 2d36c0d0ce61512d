import type { LineLinkCode } from '@bahtdesk/contract';
import { Modal } from '@bahtdesk/ui/components';
import { formatDateTime } from '@bahtdesk/ui/format';
import { useEffect, useState } from 'react';
import { call, queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { showSnackbar, useClientState } from '../../lib/store.ts';
// The card's frame and title are the level card's, which it sits below.
import '../limits/limits.css';

/** While a code is shown, the card asks this often whether LINE has linked it. */
const WAIT_FOR_LINK_MS = 3000;

/**
 * On the account page, only when the desk offers LINE (decision 0079): how to link the member's
 * LINE account (add the desk's official account, send it a one-time code) and, once linked, when,
 * with a button that unlinks after a confirmation. While a code is shown the card asks until the
 * link is made; a link made or ended while the page is open also refreshes the Messages card,
 * which offers LINE only to a linked member.
 */
export function LineCard() {
  const t = useT('account');
  const lang = useClientState((s) => s.language);
  const [code, setCode] = useState<LineLinkCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The link state last shown: a change on the open page makes the Messages card read its choices again. */
  const [seen, setSeen] = useState<boolean | undefined>(undefined);
  const link = useApi('getLineLink', { dialog: false }, code && !seen ? { refreshMs: WAIT_FOR_LINK_MS } : {});
  const shown = link.status === 'ready' ? link.data.linked : undefined;
  useEffect(() => {
    if (shown === undefined || shown === seen) return;
    if (seen !== undefined) queries.invalidate(['getNoticeChoices']);
    setSeen(shown);
  }, [shown, seen]);
  if (link.status !== 'ready' || !link.data.available) return null;
  const { officialAccountId, addFriendUrl, linked, linkedAt } = link.data;

  const getCode = async () => {
    setBusy(true);
    try {
      setCode(await call('createLineLinkCode', {}));
    } catch {
      // The error dialog has told the member why.
    } finally {
      setBusy(false);
    }
  };

  const unlink = async () => {
    setBusy(true);
    try {
      await call('unlinkLine', {});
      setConfirming(false);
      setCode(null);
      queries.invalidate(['getLineLink']);
      showSnackbar(t('line.unlinked'), 'success');
    } catch {
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="level-card" aria-labelledby="line-card-title">
      <h2 id="line-card-title" className="level-card__title">
        {t('line.title')}
        <span className={`line-card__badge${linked ? ' line-card__badge--on' : ''}`}>
          {linked ? t('line.linked') : t('line.notLinked')}
        </span>
      </h2>
      {linked ? (
        <>
          <p>{t('line.linkedSince', { date: linkedAt ? formatDateTime(linkedAt, lang) : '' })}</p>
          <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
            {t('line.unlink')}
          </button>
        </>
      ) : (
        <>
          <p>{t('line.intro')}</p>
          <ol className="line-card__steps">
            <li>
              {t('line.stepAdd')}{' '}
              <a href={addFriendUrl} target="_blank" rel="noopener noreferrer">
                {officialAccountId}
              </a>
            </li>
            <li>{t('line.stepSend', { id: officialAccountId })}</li>
          </ol>
          {code && Date.parse(code.expiresAt) > Date.now() ? (
            <p className="line-card__code-box">
              <span className="muted">{t('line.yourCode')}</span>
              <strong className="line-card__code" data-testid="line-code">
                {code.code}
              </strong>
              <span className="muted">
                {t('line.validUntil', { time: formatDateTime(code.expiresAt, lang) })}
              </span>
            </p>
          ) : null}
          <button type="button" className="button button--primary" onClick={getCode} disabled={busy}>
            {code ? t('line.newCode') : t('line.getCode')}
          </button>
        </>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('line.unlinkTitle')}
        role="alertdialog"
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary button--danger-solid"
              onClick={unlink}
              disabled={busy}
            >
              {t('line.unlink')}
            </button>
          </>
        }
      >
        <p className="modal__message">{t('line.unlinkText')}</p>
      </Modal>
    </section>
  );
}
