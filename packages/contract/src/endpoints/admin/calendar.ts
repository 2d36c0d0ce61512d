import { z } from 'zod';
import { isIsoDate } from '../../dates.ts';
import { ANY_STAFF, endpoint } from '../../endpoint.ts';
import { E } from '../../errors.ts';
import { codeMessage } from '../../validators/messages.ts';
import { cappedString, NO_CONTROL_CHARS } from '../../validators/text.ts';

/**
 * The desk's calendar of closed days (decision 0058): Thai bank holidays and substitution days,
 * seeded from the maintained holiday library and the Bank of Thailand's list, corrected by staff.
 * Weekends are closed anyway and are not listed. Codes 40018-40020.
 */

const invalid = codeMessage(E.CLOSED_DAY_INVALID);

/** A Bangkok calendar day 'YYYY-MM-DD' (40018 otherwise). */
export const closedDayDateSchema = cappedString(64, invalid).refine((s) => isIsoDate(s), invalid);

const dayName = cappedString(160, invalid)
  .trim()
  .min(1, invalid)
  .max(80, invalid)
  .regex(NO_CONTROL_CHARS, invalid);

export const closedDaySchema = z.object({
  date: z.string(),
  name: z.object({ en: z.string(), th: z.string() }),
  /** Where the day came from: the holiday library, the bank-holiday list, or a staff member. */
  source: z.enum(['library', 'official', 'staff']),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

export const calendarEndpoints = {
  listClosedDays: endpoint({
    method: 'GET',
    path: '/api/admin/closed-days',
    access: { staff: ANY_STAFF },
    summary: "The desk's closed days (bank holidays and substitution days) of one year, in date order.",
    query: z.object({
      year: z.coerce.number(invalid).int(invalid).min(2000, invalid).max(2100, invalid),
    }),
    result: z.object({ items: z.array(closedDaySchema) }),
  }),
  addClosedDay: endpoint({
    method: 'POST',
    path: '/api/admin/closed-days',
    access: { staff: ['admin'] },
    summary:
      'Closes the desk on a day, with its name in English and Thai (audited); 40018 for a bad day or name, 40019 when the day is already closed.',
    body: z.object({ date: closedDayDateSchema, name: z.object({ en: dayName, th: dayName }, invalid) }),
    result: closedDaySchema,
  }),
  removeClosedDay: endpoint({
    method: 'POST',
    path: '/api/admin/closed-days/remove',
    access: { staff: ['admin'] },
    summary: 'Opens the desk again on a closed day (audited); 40020 when the day is not closed.',
    body: z.object({ date: closedDayDateSchema }),
    result: z.null(),
  }),
} as const;
