import { bangkokDate, type ClosedDay, E, type IsoDate } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { closeDay, findClosedDays, lockClosedDay, openDay } from './repository.ts';

const DAY_MS = 86_400_000;
const nextDate = (date: IsoDate): IsoDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const isWeekend = (date: IsoDate): boolean => new Date(`${date}T12:00:00Z`).getUTCDay() % 6 === 0;

/** The longest run of closed days `nextOpenDay` looks through (Songkran plus weekends is far less). */
const MAX_CLOSED_RUN = 60;

/**
 * The desk's calendar (decision 0058): the days it is closed besides weekends, as staff keep them
 * in the console. The appointment picker, the server's appointment check and deadlines read it
 * here: `closedDays` for a window, `closedDayOn` for one day, `isDeskClosed` (weekends too) and
 * `nextOpenDay`.
 */
export function createCalendarService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  async function closedDayOn(date: IsoDate): Promise<ClosedDay | undefined> {
    return (await findClosedDays(db, date, date))[0];
  }

  async function isDeskClosed(date: IsoDate): Promise<boolean> {
    return isWeekend(date) || (await closedDayOn(date)) !== undefined;
  }

  return {
    /** Closed days from `from` to `to` (Bangkok dates, both included), in date order. */
    closedDays: (from: IsoDate, to: IsoDate) => findClosedDays(db, from, to),
    closedDayOn,
    isDeskClosed,

    /** The first Bangkok date on or after `date` the desk is open (a weekday that is not closed). */
    async nextOpenDay(date: IsoDate): Promise<IsoDate> {
      const closed = new Set(
        (
          await findClosedDays(db, date, bangkokDate(new Date(Date.parse(date) + MAX_CLOSED_RUN * DAY_MS)))
        ).map((d) => d.date),
      );
      let day = date;
      while (isWeekend(day) || closed.has(day)) day = nextDate(day);
      return day;
    },

    /** A year's closed days, for the console. */
    async list(year: number): Promise<{ items: ClosedDay[] }> {
      return { items: await findClosedDays(db, `${year}-01-01`, `${year}-12-31`) };
    },

    /** Closes the desk on a day (40019 when it is closed already); audited. */
    async add(actor: Actor, date: IsoDate, name: ClosedDay['name']): Promise<ClosedDay> {
      const day: ClosedDay = { date, name, source: 'staff' };
      await db.transaction().execute(async (trx) => {
        const before = await lockClosedDay(trx, date);
        if (before && before.removed_at === null) throw new AppError(E.CLOSED_DAY_EXISTS);
        await closeDay(trx, day);
        await recordAudit(trx, actor, {
          action: 'calendar.close_day',
          target: `day:${date}`,
          before: null,
          after: { name },
        });
      });
      await events.publish('settings.changed', { key: 'closedDays' });
      return day;
    },

    /** Opens the desk again on a closed day (40020 when it is not closed); audited. */
    async remove(actor: Actor, date: IsoDate, now = new Date()): Promise<null> {
      await db.transaction().execute(async (trx) => {
        const before = await lockClosedDay(trx, date);
        if (!before || before.removed_at !== null) throw new AppError(E.CLOSED_DAY_NOT_FOUND);
        await openDay(trx, date, now);
        await recordAudit(trx, actor, {
          action: 'calendar.open_day',
          target: `day:${date}`,
          before: { name: { en: before.name_en, th: before.name_th }, source: before.source },
          after: null,
        });
      });
      await events.publish('settings.changed', { key: 'closedDays' });
      return null;
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
