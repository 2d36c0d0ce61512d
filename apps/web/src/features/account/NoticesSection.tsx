import { NOTICE_CHANNELS, type NoticeChannel, type NoticeChoices } from '@bahtdesk/contract';
import { useState } from 'react';
import { call, queries, useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';

type Kind = NoticeChoices['kinds'][number];

/**
 * Which channels carry each kind of message (decision 0078): a row per kind, a checkbox per
 * channel. Security messages always go by email and SMS (shown ticked and locked); LINE shows only
 * once the member linked it. Each tick is saved at once.
 */
export function NoticesSection() {
  const t = useT('account');
  const state = useApi('getNoticeChoices');
  const [saving, setSaving] = useState('');
  if (state.status === 'loading') return <p role="status">{t('form.loading')}</p>;
  if (state.status === 'failed') return null;
  const { kinds, lineAvailable } = state.data;
  const channels = NOTICE_CHANNELS.filter((c) => c !== 'line' || lineAvailable);

  const toggle = async (row: Kind, channel: NoticeChannel, on: boolean) => {
    const next = on ? [...row.channels, channel] : row.channels.filter((c) => c !== channel);
    setSaving(row.kind);
    try {
      const result = await call('setNoticeChoice', { body: { kind: row.kind, channels: next } });
      queries.setData('getNoticeChoices', {}, result);
    } catch {
      // The error dialog has told the member; the boxes stay as saved.
    } finally {
      setSaving('');
    }
  };

  return (
    <div className="notices">
      <p className="muted">{t('notices.intro')}</p>
      <table className="notices__table">
        <caption className="visually-hidden">{t('notices.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('notices.kind')}</th>
            {channels.map((c) => (
              <th scope="col" key={c}>
                {t(`notices.channel.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((row) => (
            <tr key={row.kind}>
              <th scope="row">
                {t(`notices.kinds.${row.kind}`)}
                {row.security ? <span className="notices__lock">{t('notices.security')}</span> : null}
              </th>
              {channels.map((c) => {
                const locked = row.security && c !== 'line';
                return (
                  <td key={c}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`notices.kinds.${row.kind}`)}: ${t(`notices.channel.${c}`)}`}
                      checked={row.channels.includes(c)}
                      disabled={locked || saving === row.kind}
                      onChange={(e) => toggle(row, c, e.currentTarget.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
