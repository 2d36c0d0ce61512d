import { type Expression, sql } from 'kysely';

/**
 * A timestamp as the wire gives it (`Date#toISOString()`: UTC, milliseconds, `Z`), written by the
 * database: for values read inside JSON aggregates, which the drivers do not turn into Dates.
 * Like the drivers' Dates, it keeps the milliseconds and drops the microseconds.
 */
export function isoTime<T extends Date | null>(value: Expression<T>) {
  return sql<
    null extends T ? string | null : string
  >`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
