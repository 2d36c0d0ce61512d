import { Modal } from '@bahtdesk/ui/components';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { type ChatApp, chatAppOf } from './chatApp.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; link: string; qr: string; chat: ChatApp }
  | { status: 'failed' };

function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The chat-app contact: a QR code of the link from contactUs at the highest error-correction
 * level (H), and an add-friend button opening the link in a new tab without giving it this page.
 * A LINE link is named as LINE, with the LINE ID it carries; any other link as a chat app.
 */
export default function ContactDialog({ onClose }: { onClose: () => void }) {
  const t = useT('common');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    call('contactUs', { dialog: false })
      .then(async (period) => {
        const link = period.line.link;
        if (!isWebLink(link)) throw new Error('not a web link');
        const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 });
        if (live)
          setState({
            status: 'ready',
            link,
            qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
            chat: chatAppOf(link),
          });
      })
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, []);

  const line = state.status === 'ready' && state.chat.app === 'line' ? state.chat : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('contact.title')}
      actions={
        <>
          {state.status === 'ready' ? (
            <a className="button button--primary" href={state.link} target="_blank" rel="noopener noreferrer">
              {t(state.chat.app === 'line' ? 'contact.addFriendLine' : 'contact.addFriend')}
              <span className="visually-hidden"> {t('contact.newTab')}</span>
            </a>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            {t('dialog.close')}
          </button>
        </>
      }
    >
      <p>{t(line ? 'contact.textLine' : 'contact.text')}</p>
      {line?.id ? <p className="contact__id">{t('contact.lineId', { id: line.id })}</p> : null}
      <p>{t('footer.support')}</p>
      {state.status === 'ready' ? (
        <img className="contact__qr" src={state.qr} alt={t('contact.qrAlt')} width="240" height="240" />
      ) : state.status === 'failed' ? (
        <p>{t('contact.unavailable')}</p>
      ) : (
        <div className="contact__qr contact__qr--loading" aria-hidden="true" />
      )}
    </Modal>
  );
}
