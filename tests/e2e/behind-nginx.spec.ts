// Issue 35, wall 1: behind a real proxy with its default buffers (nginx: 4 KB for an answer's headers),
// every page answers 200 on its first view and on the later ones the page cache answers, a category of
// 1 000 courses included (its first and last pages: since record 040 it is listed 50 courses a page); and no
// answer's headers pass 4 KB, whatever the page holds.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startNginx } from './support/nginx';
import { SITE_ROUTES } from './support/routes';
import { startAdmin, startSite, type DemoAdmin, type Site } from './support/servers';

/** The generated category of 1 000 courses (the demo admin's first added category), and its last page. */
const BIG_CATEGORY = '/learning-solutions-course-details/301';
const BIG_CATEGORY_LAST_PAGE = `${BIG_CATEGORY}?page=20`;
const HEADER_LIMIT = 4096;

/** An answer as it leaves the site: its status, the bytes of its header block, and whether it was kept. */
function rawAnswer(url: string): Promise<{ status: number; headerBytes: number; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        // status line + each "name: value\r\n" + the closing blank line
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let index = 0; index < res.rawHeaders.length; index += 2)
          headerBytes += Buffer.byteLength(`${res.rawHeaders[index]}: ${res.rawHeaders[index + 1]}\r\n`);
        const cache = res.headers['x-page-cache'] as string | undefined;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headerBytes, cache }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let admin: DemoAdmin;
let site: Site;
let proxy: Site;
let pages: string[];
/** The server's own files and two 404s, with the status each answers. */
let files: [string, number][];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  admin = await startAdmin({ courses: 1200, categorySize: 1000 });
  site = await startSite(admin);
  proxy = await startNginx(site.url);
  const category = await (await fetch(`${admin.url}/upcoming-training/details/101`)).json();
  const course = `/subCourse-details/${category.data.training_course[0].slug}`;
  const coursePage = await (await fetch(`${site.url}${course}`)).text();
  const register = /href="(\/register\?[^"]+)"/.exec(coursePage)?.[1]?.replaceAll('&amp;', '&');
  expect(register, 'a register link on the course page').toBeDefined();
  pages = [...SITE_ROUTES, course, register!, BIG_CATEGORY, BIG_CATEGORY_LAST_PAGE];
  const slug = category.data.training_course[0].slug;
  files = [
    ['/robots.txt', 200],
    ['/sitemap.xml', 200],
    ['/healthz', 200],
    [`/calendar/${slug}/1.ics`, 200],
    [`/brochure/${slug}.pdf`, 200],
    ['/brochure/solution/301.pdf', 200],
    ['/search-suggestions?q=leadership', 200],
    ['/subCourse-details/no-such-course-anywhere', 404],
    ['/no-such-page', 404],
  ];
});

test.afterAll(async () => {
  await proxy?.stop();
  await site?.stop();
  await admin?.close();
});

test('the big category lists its 1 000 courses, across its pages', async () => {
  let listed = 0;
  for (const page of [BIG_CATEGORY, ...Array.from({ length: 19 }, (_, index) => `${BIG_CATEGORY}?page=${index + 2}`)]) {
    const html = await (await fetch(`${site.url}${page}`)).text();
    listed += html.match(/<a [^>]*href="\/subCourse-details\//g)?.length ?? 0;
  }
  expect(listed).toBe(1000);
});

test('through nginx, every page answers 200 on its first and later views, kept ones included', async () => {
  test.setTimeout(180_000);
  for (const page of pages) {
    const first = await rawAnswer(`${proxy.url}${page}`);
    expect(first.status, `${page}, first view`).toBe(200);
    // the later views, until the page cache answers those it keeps (a page is kept once its render has ended;
    // a page it does not keep, such as a form with its own token, has no x-page-cache at all)
    await expect
      .poll(
        async () => {
          const later = await rawAnswer(`${proxy.url}${page}`);
          expect(later.status, `${page}, a later view`).toBe(200);
          return later.cache ?? 'not kept';
        },
        { message: `${page} is answered by the page cache`, timeout: 60_000 },
      )
      .not.toBe('miss');
  }
  expect((await rawAnswer(`${proxy.url}${BIG_CATEGORY}`)).cache).toBe('hit');
  expect((await rawAnswer(`${proxy.url}${BIG_CATEGORY_LAST_PAGE}`)).cache).toBe('hit');
});

test('no answer’s headers pass 4 KB, kept or not', async () => {
  for (const page of pages) {
    const answer = await rawAnswer(`${site.url}${page}`);
    expect(answer.headerBytes, page).toBeLessThanOrEqual(HEADER_LIMIT);
  }
});

test('the server’s own files and the 404s: through nginx each its own status, no header block past 4 KB', async () => {
  test.setTimeout(180_000);
  for (const [file, status] of files) {
    const direct = await rawAnswer(`${site.url}${file}`);
    expect(direct.status, file).toBe(status);
    expect(direct.headerBytes, file).toBeLessThanOrEqual(HEADER_LIMIT);
    for (const view of ['first', 'second']) {
      expect((await rawAnswer(`${proxy.url}${file}`)).status, `${file} through nginx, ${view} view`).toBe(status);
    }
  }
});
