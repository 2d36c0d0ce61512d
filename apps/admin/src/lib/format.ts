import { formatAmount, formatDate, formatDateTime } from '@bahtdesk/ui/format';
import { useAdminState } from './store.ts';

/** Dates, times and amounts in the page's language (Asia/Bangkok; Thai shows the Buddhist era). */
export function useFormat() {
  const lang = useAdminState((s) => s.language);
  return {
    lang,
    date: (iso: string) => formatDate(iso, lang),
    dateTime: (iso: string) => formatDateTime(iso, lang),
    amount: formatAmount,
    number: (n: number) => n.toLocaleString(lang === 'th' ? 'th-TH' : 'en-GB'),
  };
}
