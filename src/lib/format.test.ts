import { describe, expect, test } from 'vitest';
import { countdownText, formatDate, formatFee, todayInBahrain } from './format';

describe('formatDate', () => {
  test.each([
    ['2027-02-14', '14 Feb 2027'],
    ['2026-12-01', '1 Dec 2026'],
    ['2027-09-03', '3 Sep 2027'],
    ['2026-11-21T09:00:00+03:00', '21 Nov 2026'],
    ['soon', 'soon'],
  ])('%s → %s', (input, expected) => expect(formatDate(input)).toBe(expected));
});

describe('formatFee', () => {
  test.each([
    [4875, 'US$ 4,875'],
    [3250.5, 'US$ 3,250.50'],
    [0, 'US$ 0'],
    [12500, 'US$ 12,500'],
    [1234567.891, 'US$ 1,234,567.89'],
    [999.999, 'US$ 1,000.00'],
    [1.005, 'US$ 1.01'],
    [2.675, 'US$ 2.68'],
    [0.995, 'US$ 1.00'],
  ])('%s → %s', (input, expected) => expect(formatFee(input)).toBe(expected));

  test('groups as en-US Intl.NumberFormat does, whole dollars and cents', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let digits = 0; digits <= 12; digits++)
      for (const amount of [
        10 ** digits,
        10 ** digits - 1,
        10 ** digits + 0.5,
        10 ** digits * 1.23456,
        -(10 ** digits) * 7.5,
      ])
        expect(formatFee(amount)).toBe(`US$ ${(Number.isInteger(amount) ? whole : cents).format(amount)}`);
    // cents written with three decimals: rounded on the decimal as written, half away from zero, as Intl does
    for (let thousandths = 0; thousandths < 100_000; thousandths += 7) {
      const amount = thousandths / 1000;
      expect(formatFee(amount)).toBe(`US$ ${(Number.isInteger(amount) ? whole : cents).format(amount)}`);
    }
  });
});

describe('countdownText', () => {
  const start = new Date('2026-12-01T09:00:00Z');
  const minutes = (n: number) => n * 60_000;

  test('days, hours and minutes while ahead', () => {
    const now = start.getTime() - (minutes(24 * 60) + minutes(2 * 60) + minutes(3));
    expect(countdownText(start, now)).toBe('1 day 2 hours 3 minutes left');
    expect(countdownText(start, now + 60_000)).toBe('1 day 2 hours 2 minutes left');
    expect(countdownText(start, start.getTime() - minutes(3 * 24 * 60 + 61))).toBe('3 days 1 hour 1 minute left');
  });

  test('partial minutes round down', () => {
    expect(countdownText(start, start.getTime() - 59_999)).toBe('0 days 0 hours 0 minutes left');
  });

  test("'Started' at and after the start", () => {
    expect(countdownText(start, start)).toBe('Started');
    expect(countdownText(start, start.getTime() + 1)).toBe('Started');
    expect(countdownText('2026-12-01T09:00:00Z', start.getTime() + 86_400_000)).toBe('Started');
  });

  test('an unreadable start shows nothing', () => {
    expect(countdownText('not a date', 0)).toBe('');
  });
});

describe('todayInBahrain', () => {
  test('the date in Bahrain, three hours ahead of UTC: a new year there before it is one in London', () => {
    expect(todayInBahrain(new Date('2026-11-25T11:00:00Z'))).toBe('2026-11-25');
    expect(todayInBahrain(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(todayInBahrain(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });
});
