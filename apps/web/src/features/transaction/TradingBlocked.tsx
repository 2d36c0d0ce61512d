import { ContactDeskButton } from '../../components/ContactDeskButton.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * What a member whose trading the desk has blocked sees when placing an order (code 50056, whose
 * message the quote form shows): how to reach the desk, with the chat contact one tap away.
 */
export function TradingBlocked() {
  const t = useT('transaction');
  return (
    <div className="trading-blocked">
      <p>{t('blocked.text')}</p>
      <ContactDeskButton label={t('blocked.contact')} />
    </div>
  );
}
