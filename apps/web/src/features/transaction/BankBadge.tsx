import { BANK_CODES } from '@bahtdesk/contract';

/**
 * A round badge with the bank's short code in its brand colour (transaction.css: no image is
 * fetched; decorative, since the bank's name is written beside it).
 */
export function BankBadge({ code }: { code: string }) {
  const known = (BANK_CODES as readonly string[]).includes(code);
  return (
    <span className={`bank-badge${known ? ` bank-badge--${code}` : ''}`} aria-hidden="true">
      {code.slice(0, 5)}
    </span>
  );
}
