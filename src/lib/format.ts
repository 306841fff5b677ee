/** How dates, fees and countdowns read on the site. Shared by server and client components. */

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2027-02-14' → '14 Feb 2027'. A value that is not a date is shown as it came. */
export function formatDate(isoDate: string): string {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(time) ? isoDate : dateFormat.format(time);
}

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centDollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 4875 → 'US$ 4,875'; 3250.5 → 'US$ 3,250.50'. */
export function formatFee(amount: number): string {
  return `US$ ${(Number.isInteger(amount) ? wholeDollars : centDollars).format(amount)}`;
}

export const COUNTDOWN_INTERVAL_MS = 60_000;

/**
 * The upcoming-course countdown (site-spec section 4): 'N days N hours N minutes left' while the start is
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
