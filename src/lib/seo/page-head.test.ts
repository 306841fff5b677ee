import { describe, expect, test } from 'vitest';
import { DESCRIPTION_MAX, pageHead, TITLE_MAX } from './page-head';

const origin = 'https://www.example.com';
const SITE_NAME = 'Gulf Training Partners';
const site = { name: SITE_NAME, location: 'Manama, Kingdom of Bahrain' };
const value = (head: ReturnType<typeof pageHead>, key: string) =>
  head.meta.find((tag) => ('property' in tag ? tag.property : tag.name) === key)?.content;

describe('pageHead', () => {
  test('title with the site name, description, canonical and both cards', () => {
    const head = pageHead({ title: 'About Us', description: 'Who we are.', path: '/about', origin, site });
    expect(head.title).toBe(`About Us | ${SITE_NAME}`);
    expect(head.description).toBe('Who we are.');
    expect(head.canonical).toBe('https://www.example.com/about');
    expect(value(head, 'og:url')).toBe(head.canonical);
    expect(value(head, 'og:title')).toBe('About Us');
    expect(value(head, 'og:description')).toBe('Who we are.');
    expect(value(head, 'og:image')).toBe('https://www.example.com/og-image.png');
    expect(value(head, 'twitter:card')).toBe('summary_large_image');
    expect(value(head, 'twitter:image')).toBe('https://www.example.com/og-image.png');
    expect(value(head, 'robots')).toBeUndefined();
    expect(value(head, 'og:site_name')).toBe(SITE_NAME);
    expect(value(head, 'og:image:alt')).toBe(`${SITE_NAME}: corporate training from Manama, Kingdom of Bahrain`);
  });

  test('without a configured location the card picture says none', () => {
    const head = pageHead({
      title: 'x',
      description: 'y',
      path: '/',
      origin,
      site: { name: 'example.com', location: undefined },
    });
    expect(value(head, 'og:image:alt')).toBe('example.com: corporate training');
    expect(head.title).toBe('x | example.com');
  });

  test("the content's own picture, made absolute; SVG and other schemes fall back to the site's", () => {
    const own = pageHead({ title: 'x', description: 'y', path: '/', origin, site, image: 'https://cdn.example/a.jpg' });
    expect(value(own, 'og:image')).toBe('https://cdn.example/a.jpg');
    expect(value(own, 'og:image:width')).toBeUndefined();
    const relative = pageHead({ title: 'x', description: 'y', path: '/', origin, site, image: '/media/b.png' });
    expect(value(relative, 'twitter:image')).toBe('https://www.example.com/media/b.png');
    for (const image of ['https://cdn.example/logo.svg', 'javascript:alert(1)', 'data:image/png;base64,AA']) {
      expect(value(pageHead({ title: 'x', description: 'y', path: '/', origin, site, image }), 'og:image'), image).toBe(
        'https://www.example.com/og-image.png',
      );
    }
  });

  test('a course title of usual length is kept whole', () => {
    const title = 'Project Management Professional (PMP)® Exam Preparation';
    expect(pageHead({ title, description: 'y', path: '/x', origin, site }).title).toBe(`${title} | ${SITE_NAME}`);
  });

  test('long titles and descriptions are bounded', () => {
    const head = pageHead({ title: 'Word '.repeat(40), description: 'Word '.repeat(100), path: '/x', origin, site });
    expect([...head.title].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(head.title.endsWith(` | ${SITE_NAME}`)).toBe(true);
    expect([...head.description].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });

  test('noindex pages have no canonical address', () => {
    const head = pageHead({ title: 'Not found', description: 'x', path: '/nope', origin, site, noindex: true });
    expect(head.canonical).toBeUndefined();
    expect(value(head, 'robots')).toBe('noindex, follow');
    expect(value(head, 'og:url')).toBeUndefined();
  });

  test('the canonical address keeps percent-encoding', () => {
    const path = `/subCourse-details/${encodeURIComponent('إدارة')}`;
    expect(pageHead({ title: 'x', description: 'y', path, origin, site }).canonical).toBe(`${origin}${path}`);
  });

  test('a later page of a list has its own canonical address and says its number, however long the name', () => {
    const path = '/upcoming-training-course-details/101';
    const first = pageHead({ title: 'Leadership', description: 'y', path, origin, site, page: 1 });
    expect(first.canonical).toBe(`${origin}${path}`);
    expect(first.title).toBe(`Leadership | ${SITE_NAME}`);
    const second = pageHead({ title: 'Leadership', description: 'y', path, origin, site, page: 2 });
    expect(second.canonical).toBe(`${origin}${path}?page=2`);
    expect(value(second, 'og:url')).toBe(second.canonical);
    expect(second.title).toBe(`Leadership – page 2 | ${SITE_NAME}`);
    expect(value(second, 'og:title')).toBe('Leadership – page 2');
    const long = pageHead({ title: 'Word '.repeat(40), description: 'y', path, origin, site, page: 12 });
    expect([...long.title].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(long.title.endsWith(` – page 12 | ${SITE_NAME}`)).toBe(true);
  });
});
