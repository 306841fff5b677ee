// Issue 34: a second rule engine beside axe. HTML_CodeSniffer (Squiz, the engine pa11y runs by default) checks
// WCAG 2 AA in the page itself, offline, on every page of the site map at a phone's and a desktop's width,
// plus the pages the site map leaves out (the registration form, a search, the 404). Errors must be none.
// Its warnings are things a person must judge; each code seen is judged once in JUDGED below, with the reason,
// and a warning with a code nobody judged fails the test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const require = createRequire(import.meta.url);
const HTMLCS = readFileSync(require.resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

// the page's CSP refuses the injected engine; this is the test browser's setting, the site's CSP is untouched
test.use({ bypassCSP: true });

type Message = { type: number; code: string; message: string; element: string };

/** Warnings judged not to apply to this site, by code, and why (record 036 says how they were judged). */
const JUDGED: Record<string, string> = {
  'WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.Abs':
    'visually hidden text (clipped to 1 px) and the floating buttons: the engine cannot find their background; axe computes it and every pair was measured by pixel (worst 5.35:1)',
  'WCAG2AA.Principle1.Guideline1_4.1_4_3.G145.Abs': 'the same, for visually hidden headings ("Next dates")',
  'WCAG2AA.Principle1.Guideline1_4.1_4_3.G18.BgImage':
    'text over the page banners: a dark scrim under it; axe computes the contrast over the scrim and the pixels were measured (worst 5.35:1)',
  'WCAG2AA.Principle1.Guideline1_4.1_4_3.G145.BgImage': 'the same, for the large headings on the banners (3:1 applies)',
  'WCAG2AA.Principle1.Guideline1_4.1_4_10.C32,C31,C33,C38,SCR34,G206':
    'position: fixed on the menu and search dialogs, the quick-contact button and the share bar: each fits a 320 px viewport and never makes the page scroll sideways (checked below on every page at 375 px)',
  'WCAG2AA.Principle1.Guideline1_3.1_3_1.H48':
    'links that sit in a sentence or a pair of calls to action, not navigation: every navigation landmark is a list',
  'WCAG2AA.Principle1.Guideline1_3.1_3_1.H85.2':
    'the venue, month, year and country selects are flat lists of one kind of thing: there are no groups to mark',
  'WCAG2AA.Principle1.Guideline1_1.1_1_1.H67.2':
    'alt="" on pictures whose card or link already says in words what they show (decorative here, WCAG H67)',
  'WCAG2AA.Principle1.Guideline1_3.1_3_1.H39.3.NoCaption':
    'the tables are named by aria-label, which screen readers read as a caption; a visible caption would repeat the heading above',
};

async function sniff(page: Page): Promise<Message[]> {
  await page.addScriptTag({ content: HTMLCS });
  return page.evaluate(
    () =>
      new Promise<Message[]>((resolve) => {
        type Raw = { type: number; code: string; msg: string; element: Element };
        const engine = (
          globalThis as unknown as {
            HTMLCS: { process(standard: string, target: Document, done: () => void): void; getMessages(): Raw[] };
          }
        ).HTMLCS;
        engine.process('WCAG2AA', document, () =>
          resolve(
            engine
              .getMessages()
              .filter((message) => message.type !== 3) // notices: reminders to check by hand, not findings
              .map((message) => ({
                type: message.type,
                code: message.code,
                message: message.msg,
                element: message.element.outerHTML.slice(0, 160),
              })),
          ),
        );
      }),
  );
}

async function siteMapPages(): Promise<string[]> {
  const read = async (address: string) => (await fetch(address)).text();
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const top = await read(`${process.env.SITE_URL}/sitemap.xml`);
  // an index lists its pieces; a plain site map lists the pages
  const pages = top.includes('<sitemapindex')
    ? (await Promise.all(locations(top).map(async (piece) => locations(await read(piece))))).flat()
    : locations(top);
  return pages.map((address) => new URL(address).pathname + new URL(address).search);
}

/** One page of each template: the desktop run (the phone run takes every page). */
const TEMPLATES = [
  '/',
  '/about',
  '/gallery',
  '/contact-us',
  '/learning-solutions',
  '/upcoming-training-course-details/101',
  '/learning-solutions-course-details/201',
  '/subCourse-details/pmp-exam-preparation-bootcamp',
  '/privacy-policy',
];

for (const viewport of [
  { name: 'phone', width: 375, height: 812, all: true },
  { name: 'desktop', width: 1440, height: 900, all: false },
]) {
  const which = viewport.all ? 'every page of the site map' : 'one page of each template';
  test(`${which} at ${viewport.width} px: no errors, only judged warnings`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const pages = viewport.all ? await siteMapPages() : TEMPLATES;
    if (viewport.all) expect(pages).toEqual(expect.arrayContaining(TEMPLATES));
    const registration = await page.goto('/subCourse-details/pmp-exam-preparation-bootcamp');
    expect(registration?.status()).toBe(200);
    const register =
      (await page
        .getByRole('link', { name: /^Register\b/ })
        .first()
        .getAttribute('href')) ?? '';
    const extra = [register, '/search?q=leadership', '/search?q=zzzzqqq', '/no-such-page'];
    const findings: string[] = [];
    const warnings = new Map<string, number>();
    for (const route of [...pages, ...extra]) {
      await page.goto(route); // the markup as loaded: the engine reads the document, hydration adds no content
      if (viewport.all) {
        // what the position: fixed warning asks a person to check: nothing makes the page scroll sideways
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        if (sideways > 0) findings.push(`${route} scrolls sideways by ${sideways} px`);
      }
      for (const message of await sniff(page)) {
        if (message.type === 1) findings.push(`${route} ${message.code}: ${message.message} ${message.element}`);
        else if (!(message.code in JUDGED))
          findings.push(`${route} warning ${message.code}: ${message.message} ${message.element}`);
        else warnings.set(message.code, (warnings.get(message.code) ?? 0) + 1);
      }
    }
    expect(findings).toEqual([]);
    console.log(`${pages.length + extra.length} pages; judged warnings:`, Object.fromEntries(warnings));
  });
}
