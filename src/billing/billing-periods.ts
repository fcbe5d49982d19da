/** The machine trial never resets; people's free amounts belong to a calendar month (UTC). */
export const TRIAL_PERIOD = 'trial';
/** The spend period of a wallet mandate: its whole authorization, not a calendar month. */
export const AUTHORIZATION_PERIOD = 'authorization';

/** The calendar month (UTC) of `date`, `YYYY-MM`: the period of people's free amounts and of a card's budget. */
export function calendarMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}
