// The upcoming-course countdown: computed when the card is shown, recomputed
// every 60 000 ms, 'Started' at the start time; hydrated without a mismatch and never announced as live.
import { expect, test } from './support/fixtures';

type OpenCourse = { id: number; title: string; remaining_time: string };

const MINUTE = 60_000;
/** 1 day 2 hours 3 minutes. */
const LEAD_MS = ((24 + 2) * 60 + 3) * MINUTE;
/** Slack so that the real seconds the page takes to load never cross a minute boundary. */
const SLACK_MS = 30_000;

async function futureCourse(): Promise<OpenCourse> {
  const response = await fetch(`${process.env.ADMIN_ORIGIN}/api/upcoming-certification/content`);
  const { data } = (await response.json()) as { data: OpenCourse[] };
  const course = data.find((candidate) => Date.parse(candidate.remaining_time) > Date.now() + LEAD_MS);
  expect(course, 'a demo course that starts in the future').toBeDefined();
  return course!;
}

test('counts down by the minute in the browser and reads Started at the start', async ({ page }) => {
  const course = await futureCourse();
  const start = Date.parse(course.remaining_time);
  // A hydration mismatch surfaces as an uncaught error (production React: 'Minified React error #418')
  // or, in development builds, as a console message about hydration.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|react error|did not match|mismatch/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.clock.install({ time: start - LEAD_MS - SLACK_MS });
  await page.goto('/');
  // Scoped to the section: while React reveals a streamed boundary, a hidden copy of its server HTML can briefly
  // sit beside the revealed one.
  const countdown = page.locator(`#upcoming [data-upcoming-course="${course.id}"] [data-countdown]`);

  // The server rendered the real time left (days or weeks); the browser's clock says 1 day 2 h 3 min.
  await expect(countdown).toHaveText('1 day 2 hours 3 minutes left');

  await page.clock.fastForward('01:00');
  await expect(countdown).toHaveText('1 day 2 hours 2 minutes left');

  await page.clock.pauseAt(start);
  await expect(countdown).toHaveText('Started');

  expect(problems).toEqual([]);
});

test('the countdown is not a live region', async ({ page }) => {
  const course = await futureCourse();
  await page.goto('/');
  const countdown = page.locator(`#upcoming [data-upcoming-course="${course.id}"] [data-countdown]`);
  await expect(countdown).toHaveText(/^\d+ days? \d+ hours? \d+ minutes? left$/);
  const live = await countdown.evaluate(
    (el) =>
      el.closest('[aria-live], [role="status"], [role="log"], [role="timer"], [role="alert"], [role="marquee"]')
        ?.outerHTML ?? null,
  );
  expect(live).toBeNull();
});

test('the server renders the time left into the HTML', async ({ baseURL }) => {
  const course = await futureCourse();
  const html = await (await fetch(`${baseURL}/`)).text();
  const card = html.slice(html.indexOf(`data-upcoming-course="${course.id}"`));
  const text = /<span data-countdown="">([^<]*)<\/span>/.exec(card)?.[1];
  // the spec's formula applied to the server's clock: same number of days as the test's clock
  const days = Math.floor((Date.parse(course.remaining_time) - Date.now()) / (24 * 60 * MINUTE));
  expect(text).toMatch(new RegExp(`^${days} days? \\d+ hours? \\d+ minutes? left$`));
});
