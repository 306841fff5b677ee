// The home page: every section with the demo admin's content, the skeleton
// counts in the first streamed chunk, and one failing admin call degrading only its own section.
import { expect, test } from './support/fixtures';
import { whenHydrated } from './support/hydrated';
import { SITE_NAME } from './support/identity';
import { startPair } from './support/servers';
import { streamPage } from './support/read-chunks';
import { adminData } from './support/admin-data';

type HomeHero = { title: string; sub_title: string; banner?: string };
type HomeIntro = { title: string; description: string; banner: string };
type IntroTile = { image: string; title: string; back_link: string };
type OpenCourse = {
  id: number;
  title: string;
  short_desc: string;
  thumb_image: string;
  remaining_time: string;
  location: string;
};
type LearningSolution = { id: number; title: string; thumb_image: string };
type About = { title: string; description: string; image?: string };

const count = (html: string, needle: string) => html.split(needle).length - 1;

test.describe('home page with the demo content', () => {
  test('the sections come in the spec order under their headings', async ({ page }) => {
    const [intro, about] = await Promise.all([
      adminData<HomeIntro>('/home-intro/content'),
      adminData<About>('/about-us/content'),
    ]);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain(SITE_NAME);

    await expect(page.locator('main h1')).toHaveCount(1);
    const h2s = await page.locator('main h2').allTextContents();
    const order = [
      intro.title,
      'Unlock your learning experience with us',
      'Upcoming Training events',
      about.title,
      'Our learning Solutions',
      'Send us an enquiry',
    ].map((heading) => h2s.indexOf(heading));
    expect(
      order.every((index) => index >= 0),
      `h2s: ${h2s.join(' | ')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('hero: title, sub_title, banner and the coloured strip', async ({ page }) => {
    const hero = await adminData<HomeHero>('/home-page/content');
    await page.goto('/');
    const section = page.locator('main section[aria-labelledby="hero-title"]');
    await expect(section.locator('h1#hero-title')).toHaveText(hero.title);
    await expect(section.getByText(hero.sub_title)).toBeVisible();
    const banner = section.locator('img');
    await expect(banner).toHaveAttribute('src', hero.banner!);
    await expect(banner).toHaveAttribute('alt', '');
    await expect(banner).toHaveAttribute('width', /\d+/);
    // the demo hero has no video, so no video element is rendered at all
    await expect(section.locator('video')).toHaveCount(0);
    const stripHeight = await section
      .locator('[aria-hidden="true"]')
      .last()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(stripHeight).toBeGreaterThan(0);
  });

  test('intro: title, rich description rendered as HTML, banner', async ({ page }) => {
    const intro = await adminData<HomeIntro>('/home-intro/content');
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: intro.title }) });
    const description = section.locator('.rich-text');
    // Markdown and raw HTML from the admin become elements, not literal text
    await expect(description.locator('strong', { hasText: 'fictional' })).toBeVisible();
    await expect(description.locator('strong', { hasText: 'customised in-house programmes' })).toBeVisible();
    await expect(description.locator('em', { hasText: 'consultations' })).toBeVisible();
    await expect(description.locator('li')).toHaveCount(4);
    await expect(description.getByRole('link', { name: 'learning solutions' })).toHaveAttribute(
      'href',
      '/learning-solutions',
    );
    expect(await description.textContent()).not.toMatch(/\*\*|<strong>/);
    await expect(section.locator(`img[src="${intro.banner}"]`)).toHaveAttribute('alt', '');
  });

  test('intro tiles link to their back_link; only the tile for "/" has a border', async ({ page }) => {
    const tiles = await adminData<IntroTile[]>('/learning-experinece/content');
    expect(tiles.some((tile) => tile.back_link === '/')).toBe(true);
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Unlock your learning experience with us' });
    const links = list.getByRole('link');
    await expect(links).toHaveCount(tiles.length);
    for (const [index, tile] of tiles.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveText(tile.title);
      await expect(link).toHaveAttribute('href', tile.back_link);
      await expect(link.locator('img')).toHaveAttribute('src', tile.image);
      const border = await link.evaluate((el) => {
        const style = getComputedStyle(el);
        return { width: style.borderTopWidth, style: style.borderTopStyle };
      });
      if (tile.back_link === '/') {
        expect(border.style, tile.title).toBe('solid');
        expect(parseFloat(border.width), tile.title).toBeGreaterThan(0);
      } else {
        expect(
          parseFloat(border.width) === 0 || border.style === 'none',
          `${tile.title}: ${JSON.stringify(border)}`,
        ).toBe(true);
      }
    }
  });

  test('upcoming training events: one card per course with clamped text, countdown and SEE MORE', async ({ page }) => {
    const courses = await adminData<OpenCourse[]>('/upcoming-certification/content');
    await page.goto('/');
    const section = page.locator('#upcoming');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Upcoming Training events');
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(courses.length);

    for (const [index, course] of courses.entries()) {
      const card = cards.nth(index);
      const title = card.getByRole('heading', { level: 3 });
      await expect(title).toHaveText(course.title);
      await expect(card.getByText(course.short_desc)).toBeAttached();
      await expect(card.locator('img')).toHaveAttribute('src', course.thumb_image);
      await expect(card.locator('img')).toHaveAttribute('alt', '');
      await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(card.getByText(course.location)).toBeVisible();
      const countdown = card.locator('[data-countdown]');
      if (Date.parse(course.remaining_time) <= Date.now()) await expect(countdown).toHaveText('Started');
      else await expect(countdown).toHaveText(/^\d+ days? \d+ hours? \d+ minutes? left$/);

      // The accessible name says which course; the visible text is the spec's 'SEE MORE'.
      const more = card.getByRole('link', { name: `SEE MORE about ${course.title}` });
      await expect(more).toHaveAttribute('href', `/upcoming-training-course-details/${course.id}`);
      await expect(more).toContainText('SEE MORE');
    }

    // title clamped to 1 line, short_desc to 2
    const clamps = await cards.first().evaluate((card) => {
      const clamp = (el: Element | null) => (el ? getComputedStyle(el).webkitLineClamp : null);
      return { title: clamp(card.querySelector('h3')), summary: clamp(card.querySelector('h3 + p')) };
    });
    expect(clamps).toEqual({ title: '1', summary: '2' });
  });

  test('upcoming grid has 1, 2, 3 or 4 columns by width', async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [700, 2],
      [1000, 3],
      [1440, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const tracks = await page
        .locator('#upcoming ul')
        .first()
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(tracks, `${width}px`).toBe(columns);
    }
  });

  test('about block and learning solutions', async ({ page }) => {
    const [about, solutions] = await Promise.all([
      adminData<About>('/about-us/content'),
      adminData<LearningSolution[]>('/learning-solution/content'),
    ]);
    await page.goto('/');
    const aboutSection = page.locator('section[aria-labelledby="about-title"]');
    await expect(aboutSection.getByRole('heading', { level: 2, name: about.title })).toBeVisible();
    await expect(aboutSection.locator('.rich-text table')).toBeVisible();
    await expect(aboutSection.locator(`img[src="${about.image}"]`)).toBeAttached();

    const solutionsSection = page.locator('section[aria-labelledby="learning-solutions-title"]');
    await expect(solutionsSection.getByRole('heading', { level: 2 }).first()).toHaveText('Our learning Solutions');
    const cards = solutionsSection.getByRole('article');
    await expect(cards).toHaveCount(solutions.length);
    for (const [index, solution] of solutions.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(solution.title);
      await expect(card.locator('img')).toHaveAttribute('src', solution.thumb_image);
      await expect(card.getByRole('link', { name: `SEE MORE about ${solution.title}` })).toHaveAttribute(
        'href',
        `/learning-solutions-course-details/${solution.id}`,
      );
    }
  });

  test('the enquiry form has its place at the end of the page', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section#enquiry');
    await expect(section.getByRole('heading', { level: 2, name: 'Send us an enquiry' })).toBeVisible();
    // last section of the page
    const lastSectionId = await page.locator('main > section').last().getAttribute('id');
    expect(lastSectionId).toBe('enquiry');
    // the hero's call to action leads to it
    await expect(
      page.locator('main section[aria-labelledby="hero-title"]').getByRole('link', { name: 'Send an enquiry' }),
    ).toHaveAttribute('href', '#enquiry');
  });

  test('on a phone the hero’s call to action lands on the form, past sections not drawn yet', async ({ page }) => {
    // the sections between the hero and the form are drawn only near the viewport (content-visibility: auto,
    // record 043), so the browser scrolls past estimated heights: the form must still be where it lands. Once
    // hydrated, the link only scrolls: Waku's router would fetch and render the whole page again for it
    // (same-page-links.tsx)
    await page.setViewportSize({ width: 375, height: 812 });
    const pagePayloads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/RSC/')) pagePayloads.push(request.url());
    });
    await page.goto('/');
    await whenHydrated(page);
    await page
      .locator('main section[aria-labelledby="hero-title"]')
      .getByRole('link', { name: 'Send an enquiry' })
      .click();
    const heading = page.locator('section#enquiry').getByRole('heading', { level: 2, name: 'Send us an enquiry' });
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/\/#enquiry$/);
    // back to the top of the page, the browser's own way too
    await page.goBack();
    await expect(page.locator('main section[aria-labelledby="hero-title"]')).toBeInViewport();
    expect(pagePayloads).toEqual([]);
    await page.goto('/about');
    await page.goto('/#enquiry');
    await expect(heading).toBeInViewport();
  });
});

test.describe('home page while the admin is slow or failing', () => {
  test('the first flush holds the skeletons: hero, 3 intro tiles, 12 upcoming cards, 8 learning solutions', async () => {
    // every admin answer waits at a gate the test opens: what arrives before that is the shell
    const pair = await startPair({ faults: [{ path: '*', mode: 'held' }] });
    try {
      const stream = streamPage(`${pair.site.url}/`);
      expect(await stream.status).toBe(200);
      const first = await stream.until((text) => count(text, 'data-skeleton="solution-card"') === 8);
      expect(first).toContain('<main');
      expect(count(first, 'data-skeleton="hero"')).toBe(1);
      expect(count(first, 'data-skeleton="intro-tile"')).toBe(3);
      expect(count(first, 'data-skeleton="upcoming-card"')).toBe(12);
      // the headings that need no data are already there, the data is not
      expect(first).toContain('Upcoming Training events');
      expect(first).toContain('Unlock your learning experience with us');
      expect(first).not.toContain('data-upcoming-course=');

      pair.admin.release();
      const whole = await stream.whole;
      expect(count(whole, 'data-upcoming-course=')).toBe(12);
      expect(count(whole, 'data-learning-solution=')).toBe(8);
      expect(count(whole, 'data-intro-tile=')).toBe(8);
    } finally {
      await pair.stop();
    }
  });

  test('a failing upcoming-courses call shows a message in that section only', async ({ page }) => {
    // failing from the start: the site's start-up crawl reads the same list, and would otherwise keep it
    const pair = await startPair({ faults: [{ path: '/upcoming-certification/content', status: 500 }] });
    try {
      const [hero, intro, about] = await Promise.all([
        adminData<HomeHero>('/home-page/content'),
        adminData<HomeIntro>('/home-intro/content'),
        adminData<About>('/about-us/content'),
      ]);
      const response = await page.goto(`${pair.site.url}/`);
      expect(response?.status()).toBe(200);

      const upcoming = page.locator('#upcoming');
      await expect(upcoming.getByRole('heading', { level: 2 })).toHaveText('Upcoming Training events');
      await expect(upcoming.getByRole('status')).toHaveText(/The upcoming courses could not be loaded right now/);
      await expect(upcoming.getByRole('article')).toHaveCount(0);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero.title);
      await expect(page.getByRole('heading', { level: 2, name: intro.title })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Unlock your learning experience with us' }).getByRole('link'),
      ).toHaveCount(8);
      await expect(page.getByRole('heading', { level: 2, name: about.title })).toBeVisible();
      await expect(
        page.locator('section[aria-labelledby="learning-solutions-title"]').getByRole('article'),
      ).toHaveCount(8);
    } finally {
      await pair.stop();
    }
  });
});
