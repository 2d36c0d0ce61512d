/**
 * The main Thai banks: Bank of Thailand three-digit code, short code, English and Thai name and
 * the number of digits of a personal account number. Account numbers are written with dashes
 * (e.g. 123-4-56789-0); only the digits count.
 */
export interface Bank {
  readonly code: string;
  readonly botCode: string;
  readonly en: string;
  readonly th: string;
  readonly accountDigits: number;
}

const bank = (code: string, botCode: string, en: string, th: string, accountDigits: number): Bank => ({
  code,
  botCode,
  en,
  th,
  accountDigits,
});

export const BANKS: readonly Bank[] = [
  bank('BBL', '002', 'Bangkok Bank', 'ธนาคารกรุงเทพ', 10),
  bank('KBANK', '004', 'Kasikornbank', 'ธนาคารกสิกรไทย', 10),
  bank('KTB', '006', 'Krungthai Bank', 'ธนาคารกรุงไทย', 10),
  bank('TTB', '011', 'TMBThanachart Bank', 'ธนาคารทหารไทยธนชาต', 10),
  bank('SCB', '014', 'Siam Commercial Bank', 'ธนาคารไทยพาณิชย์', 10),
  bank('CIMBT', '022', 'CIMB Thai Bank', 'ธนาคารซีไอเอ็มบี ไทย', 10),
  bank('UOBT', '024', 'United Overseas Bank (Thai)', 'ธนาคารยูโอบี', 10),
  bank('BAY', '025', 'Bank of Ayudhya (Krungsri)', 'ธนาคารกรุงศรีอยุธยา', 10),
  bank('GSB', '030', 'Government Savings Bank', 'ธนาคารออมสิน', 12),
  bank('GHB', '033', 'Government Housing Bank', 'ธนาคารอาคารสงเคราะห์', 12),
  bank(
    'BAAC',
    '034',
    'Bank for Agriculture and Agricultural Cooperatives',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    12,
  ),
  bank('IBANK', '066', 'Islamic Bank of Thailand', 'ธนาคารอิสลามแห่งประเทศไทย', 10),
  bank('TISCO', '067', 'TISCO Bank', 'ธนาคารทิสโก้', 10),
  bank('KKP', '069', 'Kiatnakin Phatra Bank', 'ธนาคารเกียรตินาคินภัทร', 10),
  bank('ICBCT', '070', 'ICBC (Thai)', 'ธนาคารไอซีบีซี (ไทย)', 10),
  bank('LHBANK', '073', 'Land and Houses Bank', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 10),
];

export const BANK_CODES = BANKS.map((b) => b.code) as [string, ...string[]];

export function bankByCode(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

/**
 * How a bank prints an account number: digit groups joined by dashes. Ten-digit accounts are
 * printed 123-4-56789-0 by every bank above (branch, type, serial, check digit); the twelve-digit
 * ones of the state banks (GSB, GHB, BAAC) are shown here in three groups of four, 1234-5678-9012,
 * as their apps show them. A number of another length is shown as it is.
 */
function groupsOf(digits: number): readonly number[] | null {
  if (digits === 10) return [3, 1, 5, 1];
  if (digits === 12) return [4, 4, 4];
  return null;
}

function grouped(number: string): string {
  const groups = groupsOf(number.length);
  if (!groups) return number;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    parts.push(number.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/** The number as the bank prints it: '1234567890' -> '123-4-56789-0'. Digits only in, as stored. */
export function formatAccountNumber(number: string): string {
  return grouped(number);
}

/** How many trailing digits a masked account number still shows (enough to tell accounts apart). */
export const ACCOUNT_DIGITS_SHOWN = 5;

/** The number with all but the last five digits hidden, grouped: '1234567890' -> 'xxx-x-x6789-0'. */
export function maskAccountNumber(number: string): string {
  const hidden = Math.max(0, number.length - ACCOUNT_DIGITS_SHOWN);
  return grouped('x'.repeat(hidden) + number.slice(hidden));
}
