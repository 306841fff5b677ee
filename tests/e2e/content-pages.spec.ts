// The simple content pages: /about, /conferences, /consultations, /destination-training,
// /customized-in-house and /learning-solutions, with the demo admin's content, their failure states and axe.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SITE_NAME } from './support/identity';
import { streamPage } from './support/read-chunks';
import { startPair } from './support/servers';
import { adminData } from './support/admin-data';

type SingleImagePage = { title: string; description: string; image?: string };
type TwoImagePage = { title: string; description: string; first_image?: string; second_image?: string };
type LearningSolution = { id: number; title: string; thumb_image: string };

const pageImages = (page: Page) => page.locator('main article img');

test.describe('content pages with the demo content', () => {
  test('/about: the about block as the page', async ({ page }) => {
    const about = await adminData<SingleImagePage>('/about-us/content');
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`About Us | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
    await expect(page.locator('main h1')).toHaveCount(1);
    const text = page.locator('main .rich-text');
    await expect(text.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible();
    await expect(text.locator('strong', { hasText: 'Manama, Kingdom of Bahrain' })).toBeVisible();
    await expect(text.getByRole('table')).toContainText('Diagnose');
    await expect(pageImages(page)).toHaveCount(1);
    await expect(pageImages(page)).toHaveAttribute('src', about.image!);
  });

  test('/conferences: title, rich description and both images', async ({ page }) => {
    const conferences = await adminData<TwoImagePage>('/conference-summit/content');
    await page.goto('/conferences');
    await expect(page).toHaveTitle(`Conferences and Summits | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(conferences.title);
    const text = page.locator('main .rich-text');
    await expect(text.getByRole('heading', { level: 2 })).toHaveText(
      'Conferences and summits that connect professionals',
    );
    await expect(text.locator('ol > li')).toHaveCount(4);
    await expect(text.getByRole('link', { name: 'enquiry form' })).toHaveAttribute('href', '/contact-us');
    const images = pageImages(page);
    await expect(images).toHaveCount(2);
    await expect(images.nth(0)).toHaveAttribute('src', conferences.first_image!);
    await expect(images.nth(1)).toHaveAttribute('src', conferences.second_image!);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
  });

  test('/consultations: title, one image and the description', async ({ page }) => {
    const consultations = await adminData<SingleImagePage>('/consultations/content');
    await page.goto('/consultations');
    await expect(page).toHaveTitle(`Consultations | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(consultations.title);
    await expect(page.locator('main .rich-text strong', { hasText: 'Training needs analysis' })).toBeVisible();
    await expect(page.locator('main .rich-text').getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(pageImages(page)).toHaveCount(1);
    await expect(pageImages(page)).toHaveAttribute('src', consultations.image!);
  });

  test('/destination-training: title, two images and the description', async ({ page }) => {
    const destination = await adminData<TwoImagePage>('/destination-training/content');
    await page.goto('/destination-training');
    await expect(page).toHaveTitle(`Destination Training | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(destination.title);
    await expect(page.locator('main .rich-text').getByRole('table')).toContainText('Kuala Lumpur');
    const images = pageImages(page);
    await expect(images).toHaveCount(2);
    await expect(images.nth(0)).toHaveAttribute('src', destination.first_image!);
    await expect(images.nth(1)).toHaveAttribute('src', destination.second_image!);
  });

  test('/customized-in-house: two blocks, their pictures and the seven benefits', async ({ page }) => {
    await page.goto('/customized-in-house');
    await expect(page).toHaveTitle(`Customized In-House Training | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const blocks = [
      {
        title: 'Customized In-House (Onsite) Training Programs',
        image: '/images/in-house-training.svg',
        benefits: ['Cost-effective', 'Customized to you', 'Team cohesion', 'Site visits'],
      },
      {
        title: 'Virtual Learning Programs',
        image: '/images/virtual-learning.svg',
        benefits: ['Learn anytime, anywhere', 'Self-paced learning', 'Reduced expenses'],
      },
    ];
    let benefitCount = 0;
    for (const block of blocks) {
      const section = page.getByRole('region', { name: block.title });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(block.title);
      const image = section.locator('img');
      await expect(image).toHaveAttribute('src', block.image);
      await expect(image).toHaveAttribute('alt', /\w+/);
      // the picture is served and decodes
      expect(
        await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
      ).toBeGreaterThan(0);
      const leads = await section.locator('li strong').allTextContents();
      expect(leads.map((lead) => lead.replace(/\.$/, ''))).toEqual(block.benefits);
      // each bullet: a bold lead and one sentence after it
      for (const item of await section.locator('li').all()) {
        expect(await item.textContent()).toMatch(/^[^.]+\. [A-Z][^]*\.$/);
      }
      benefitCount += leads.length;
      expect(await section.getByRole('link').first().getAttribute('href')).toMatch(/^\/contact-us/);
    }
    expect(benefitCount).toBe(7);
    await expect(page.locator('main').getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('/learning-solutions: the learning-solutions block as the page', async ({ page }) => {
    const solutions = await adminData<LearningSolution[]>('/learning-solution/content');
    await page.goto('/learning-solutions');
    await expect(page).toHaveTitle(`Learning Solutions | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our learning Solutions');
    const cards = page.locator('main [data-learning-solution]');
    await expect(cards).toHaveCount(solutions.length);
    for (const [index, solution] of solutions.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(solution.title);
      await expect(card.getByRole('link', { name: `SEE MORE about ${solution.title}` })).toHaveAttribute(
        'href',
        `/learning-solutions-course-details/${solution.id}`,
      );
    }
  });
});

test.describe('content pages when the admin fails or is slow', () => {
  test('each shared component shows a message inside the page layout', async ({ page }) => {
    // failing from the start: the site's start-up crawl reads the learning solutions, and would keep them
    const pair = await startPair({
      faults: [
        { path: '/conference-summit/content', status: 500 },
        { path: '/about-us/content', status: 503 },
        { path: '/learning-solution/content', mode: 'invalid-json' },
      ],
    });
    try {
      for (const { path, heading, message } of [
        {
          path: '/conferences',
          heading: 'Conferences and Summits',
          message: /The Conferences and Summits page could not be loaded right now/,
        },
        { path: '/about', heading: 'About Us', message: /Our story could not be loaded right now/ },
        {
          path: '/learning-solutions',
          heading: 'Our learning Solutions',
          message: /Our learning solutions could not be loaded right now/,
        },
      ]) {
        const response = await page.goto(`${pair.site.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
        await expect(page.locator('main').getByRole('status'), path).toHaveText(message);
        await expect(page.getByRole('banner'), path).toBeVisible();
        await expect(page.getByRole('contentinfo'), path).toBeVisible();
      }
    } finally {
      await pair.stop();
    }
  });

  test('a content page streams a skeleton first', async () => {
    // every admin answer waits at a gate the test opens: what arrives before that is the shell
    const pair = await startPair({ faults: [{ path: '*', mode: 'held' }] });
    try {
      const stream = streamPage(`${pair.site.url}/destination-training`);
      const shell = await stream.until((html) => html.includes('aria-label="Loading page"'));
      expect(shell).not.toContain('id="page-title"');
      pair.admin.release();
      expect(await stream.whole).toMatch(/<h1 id="page-title"[^>]*>Destination Training<\/h1>/);
    } finally {
      await pair.stop();
    }
  });
});
