// No zod here: the member app's payment forms use this while their page renders, and zod loads
// only with the first check of a form (lazyContractResolver).

/**
 * Titles a bank puts before a holder's name (Thai and English, with or without a dot), which a
 * member's own first and last name do not carry.
 */
// A Thai title may be written against the name ('นางสาวสมหญิง'); an English one is followed by a dot
// or a space ('Mr. ', 'Ms ') so that a name such as 'Mrinal' keeps its first letters.
const TITLE = /^(?:นางสาว|น\.ส\.|นาย|นาง|(?:mrs|miss|mr|ms|dr)(?:\.|\s))/u;

const nameKey = (name: string): string =>
  name
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/[\s.'\u2019-]/g, '');

/**
 * Whether a bank account is held in the member's own name (decision 0035): its account name, less
 * a title (นาย, นาง, นางสาว, Mr, Mrs, Ms, ...), spaces, dots, hyphens and apostrophes, in any case, is the member's first
 * and last name. A mismatch is shown to the member and to staff, not refused.
 */
export function accountNameMatches(accountName: string, firstName: string, lastName: string): boolean {
  const holder = accountName.normalize('NFC').toLowerCase().trim().replace(TITLE, '');
  return nameKey(holder) === nameKey(`${firstName}${lastName}`);
}
