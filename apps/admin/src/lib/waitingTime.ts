/** How long a submission has waited, in whole minutes, for "2 h 15 min". */
export function waitedMinutes(submittedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(submittedAt)) / 60_000));
}
