/** How dates, fees and countdowns read on the site. Shared by server and client components. */

// Spelled out rather than Intl's 'short' month, which newer ICU data renders as 'Sept'.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2027-02-14' → '14 Feb 2027' (the calendar date as written, whatever the server's time zone). */
export function formatDate(isoDate: string): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const time = dateOnly
    ? Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : Date.parse(isoDate);
  if (Number.isNaN(time)) return isoDate;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * Today's date (yyyy-mm-dd) in Bahrain (UTC+3, no daylight saving), the site's time zone: the sessions' dates
 * are local dates there, and the footer's year is Bahrain's.
 */
export function todayInBahrain(now: Date): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * 4875 → 'US$ 4,875'; 3250.5 → 'US$ 3,250.50'. Written out rather than with Intl.NumberFormat: the first
 * Intl call of a page loads the browser's locale data, ~40 ms of a phone's main thread (issue 28, record
 * 046), and en-US grouping is fixed. Cents are rounded as Intl rounds them: on the decimal the number is
 * written as, half away from zero (1.005 → 1.01, which `toFixed` makes 1.00).
 */
export function formatFee(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  if (Number.isInteger(amount)) return `US$ ${sign}${grouped(Math.abs(amount).toFixed(0))}`;
  const [whole = '', decimals = ''] = String(Math.abs(amount)).split('.');
  const roundUp = (decimals[2] ?? '0') >= '5' ? 1 : 0;
  const cents = String(Number(`${whole}${decimals.padEnd(2, '0').slice(0, 2)}`) + roundUp).padStart(3, '0');
  return `US$ ${sign}${grouped(cents.slice(0, -2))}.${cents.slice(-2)}`;
}

/** '4875' → '4,875'. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

export const COUNTDOWN_INTERVAL_MS = 60_000;

/**
 * The upcoming-course countdown: 'N days N hours N minutes left' while the start is
 * ahead, 'Started' at or after it. Whole minutes, rounded down; singular units read as such ('1 day').
 */
export function countdownText(start: Date | string, now: Date | number): string {
  const startMs = typeof start === 'string' ? Date.parse(start) : start.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (Number.isNaN(startMs)) return '';
  const remaining = startMs - nowMs;
  if (remaining <= 0) return 'Started';
  const totalMinutes = Math.floor(remaining / 60_000);
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  return `${unit(days, 'day')} ${unit(hours, 'hour')} ${unit(minutes, 'minute')} left`;
}

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}
