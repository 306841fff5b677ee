import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoContent, DEMO_EDGE_CASES } from './content.mjs';
import { startDemoAdmin } from './server.mjs';
import type { DemoAdmin } from './server.mjs';

const NOW = new Date('2026-03-10T20:30:00Z');
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const STATIC_PATHS = [
  '/setting/content',
  '/home-page/content',
  '/home-intro/content',
  '/learning-experinece/content',
  '/about-us/content',
  '/upcoming-certification/content',
  '/learning-solution/content',
  '/conference-summit/content',
  '/destination-training/content',
  '/consultations/content',
  '/gallery/content',
];

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let admin: DemoAdmin;

async function get(path: string): Promise<Response> {
  return fetch(`${admin.url}${path}`);
}

async function getData(path: string): Promise<Json> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
  const body = (await response.json()) as Json;
  expect(body, path).toHaveProperty('data');
  return body.data;
}

/** No nulls anywhere: optional fields are omitted. */
function findNulls(value: unknown, where = '$'): string[] {
  if (value === null) return [where];
  if (Array.isArray(value)) return value.flatMap((item, i) => findNulls(item, `${where}[${i}]`));
  if (typeof value === 'object')
    return Object.entries(value as object).flatMap(([k, v]) => findNulls(v, `${where}.${k}`));
  return [];
}

beforeAll(async () => {
  admin = await startDemoAdmin({ now: NOW });
});

afterAll(async () => {
  await admin.close();
});

afterEach(() => {
  admin.resetFaults();
  admin.setLatency(0);
  admin.resetCounts();
});

describe('contract paths', () => {
  it('answers every contract path with 200 { data } and reaches every generated path', async () => {
    const seen = new Set<string>();
    const fetchData = async (path: string) => {
      seen.add(path);
      return getData(path);
    };
    for (const path of STATIC_PATHS) await fetchData(path);

    const upcoming = (await fetchData('/upcoming-certification/content')) as Json[];
    const solutions = (await fetchData('/learning-solution/content')) as Json[];
    const slugs: string[] = [];
    for (const { id } of upcoming) {
      const category = await fetchData(`/upcoming-training/details/${id}`);
      slugs.push(...category.training_course.map((course: Json) => course.slug));
    }
    for (const { id } of solutions) {
      const category = await fetchData(`/learning-solution-training/details/${id}`);
      slugs.push(...category.training_course.map((course: Json) => course.slug));
    }
    for (const slug of slugs) await fetchData(`/course-venue/details/${slug}`);

    const generated = Object.keys(createDemoContent({ now: NOW, origin: admin.origin }));
    expect([...seen].sort()).toEqual([...generated].sort());
  });

  it('keeps the contract shapes: integer ids, number fees, ISO dates, no nulls', async () => {
    const content = createDemoContent({ now: NOW, origin: admin.origin });
    expect(findNulls(content)).toEqual([]);

    const settings = content['/setting/content'] as Json;
    for (const key of ['logo', 'phone', 'messenger', 'whatsapp', 'facebook', 'instagram', 'twitter', 'linkedin']) {
      expect(typeof settings[key], key).toBe('string');
    }
    expect(settings.phone).toMatch(/^tel:\+973/);
    expect(settings.messenger).toMatch(/^https:\/\/m\.me\//);
    expect(settings.whatsapp).toMatch(/^https:\/\/wa\.me\//);

    const hero = content['/home-page/content'] as Json;
    expect(hero).not.toHaveProperty('video');
    expect(hero.banner).toMatch(/^http:\/\/.+\/media\/.+\.svg$/);

    for (const [path, data] of Object.entries(content)) {
      if (path.startsWith('/upcoming-training/details/') || path.startsWith('/learning-solution-training/details/')) {
        const category = data as Json;
        expect(Object.keys(category).sort()).toEqual(['title', 'training_course']);
        for (const course of category.training_course) {
          expect(Number.isInteger(course.id)).toBe(true);
          expect(course.slug).toMatch(/^[\p{Ll}\p{N}]+(-[\p{Ll}\p{N}]+)*$/u);
          expect(course.code).toMatch(/^[A-Z]{2}-\d+$/);
        }
      }
      if (path.startsWith('/course-venue/details/')) {
        const sub = data as Json;
        expect(Object.keys(sub).sort()).toEqual(['course_venue', 'description', 'title']);
        expect(sub.course_venue.length).toBeLessThanOrEqual(4);
        for (const session of sub.course_venue) {
          expect(session.start_date).toMatch(ISO_DATE);
          expect(session.end_date).toMatch(ISO_DATE);
          expect(session.end_date >= session.start_date).toBe(true);
          expect(typeof session.course_fee).toBe('number');
          expect(typeof session.venue_name).toBe('string');
        }
      }
    }
  });
});

describe('a large catalogue (DEMO_COURSES)', () => {
  it('grows to the asked number of sub-courses with unique slugs, in extra learning-solution categories', () => {
    const content = createDemoContent({ now: NOW, origin: 'http://127.0.0.1:4010', courses: 2000 });
    const subCourses = Object.keys(content).filter((path) => path.startsWith('/course-venue/details/'));
    expect(subCourses).toHaveLength(2000);
    const solutions = content['/learning-solution/content'] as Json[];
    const extra = solutions.filter((solution) => solution.id >= 301);
    expect(extra.length).toBeGreaterThan(30);
    for (const { id } of extra) {
      const category = content[`/learning-solution-training/details/${id}`] as { training_course: Json[] };
      expect(category.training_course.length).toBeGreaterThan(0);
      for (const course of category.training_course)
        expect(content[`/course-venue/details/${course.slug}`], course.slug).toBeDefined();
    }
    // without the option the demo catalogue is unchanged
    expect(createDemoContent({ now: NOW, origin: 'http://127.0.0.1:4010' })['/learning-solution/content']).toEqual(
      solutions.filter((solution) => solution.id < 301),
    );
  });

  it('descriptions of a page or two (DEMO_DESCRIPTION_CHARS): at least that long, English and Arabic', () => {
    const content = createDemoContent({
      now: NOW,
      origin: 'http://127.0.0.1:4010',
      courses: 300,
      descriptionChars: 2000,
    });
    const subCourses = Object.entries(content).filter(([path]) => path.startsWith('/course-venue/details/'));
    for (const [path, data] of subCourses) {
      const { description } = data as { description: string };
      expect(description.length, path).toBeGreaterThanOrEqual(2000);
      expect(description, path).toMatch(/### Programme in detail/);
    }
    const first = (subCourses[0]![1] as { description: string }).description;
    // the opening the crawl keeps (2 000 characters) holds Arabic, 2 bytes a character in UTF-8
    expect(first.slice(0, 2000)).toMatch(/[\u0600-\u06ff]{5}/);
    expect(Buffer.byteLength(first.slice(0, 2000))).toBeGreaterThan(2100);
    // without the option the template stays short
    const short = createDemoContent({ now: NOW, origin: 'http://127.0.0.1:4010' });
    expect((short[subCourses[0]![0]] as { description: string }).description).not.toMatch(/Programme in detail/);
  });

  it('an edit changes what the API answers, as an editor in the admin would', async () => {
    const admin = await startDemoAdmin({ port: 0 });
    try {
      admin.editContent('/about-us/content', (data) => ({ ...data, title: 'Edited' }));
      const body = await (await fetch(`${admin.url}/about-us/content`)).json();
      expect(body.data.title).toBe('Edited');
      expect(body.data.description).toBeTruthy();
    } finally {
      await admin.close();
    }
  });
});

describe('demo content', () => {
  const content = createDemoContent({ now: NOW, origin: 'http://127.0.0.1:4010' });
  const upcoming = content['/upcoming-certification/content'] as Json[];
  const subCourses = Object.entries(content).filter(([path]) => path.startsWith('/course-venue/details/'));

  it('is deterministic for the same day', () => {
    expect(createDemoContent({ now: NOW, origin: 'http://127.0.0.1:4010' })).toEqual(content);
    expect(
      createDemoContent({ now: new Date(NOW.getTime() - 20 * 3_600_000), origin: 'http://127.0.0.1:4010' }),
    ).toEqual(content);
  });

  it('has upcoming courses in the past, within 1-6 days and further ahead', () => {
    expect(upcoming.length).toBeGreaterThanOrEqual(12);
    expect(new Set(upcoming.map((c) => c.id)).size).toBe(upcoming.length);
    const daysAway = upcoming.map((course) => (Date.parse(course.remaining_time) - NOW.getTime()) / DAY_MS);
    expect(daysAway.filter((d) => d < 0).length).toBeGreaterThanOrEqual(1);
    expect(daysAway.filter((d) => d >= 1 && d <= 6).length).toBeGreaterThanOrEqual(2);
    expect(daysAway.filter((d) => d > 30).length).toBeGreaterThanOrEqual(4);
    for (const course of upcoming) {
      expect(course.remaining_time.slice(0, 10)).toBe(course.starting_date);
      expect(course.class_timing).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
      expect(Number.isNaN(Date.parse(course.remaining_time))).toBe(false);
    }
  });

  it('has 8 learning solutions, 40+ unique sub-courses and the documented empty cases', () => {
    expect((content['/learning-solution/content'] as Json[]).map((s) => s.id)).toEqual([
      201, 202, 203, 204, 205, 206, 207, 208,
    ]);
    expect(subCourses.length).toBeGreaterThanOrEqual(40);
    for (const id of DEMO_EDGE_CASES.emptyUpcomingCategoryIds) {
      expect((content[`/upcoming-training/details/${id}`] as Json).training_course).toEqual([]);
    }
    for (const id of DEMO_EDGE_CASES.emptyLearningSolutionCategoryIds) {
      expect((content[`/learning-solution-training/details/${id}`] as Json).training_course).toEqual([]);
    }
    for (const slug of DEMO_EDGE_CASES.noSessionSlugs) {
      expect((content[`/course-venue/details/${slug}`] as Json).course_venue).toEqual([]);
    }
    const ids = Object.entries(content)
      .filter(([path]) => path.includes('/details/') && !path.startsWith('/course-venue/'))
      .flatMap(([, category]) => (category as Json).training_course.map((course: Json) => course.id));
    expect(new Set(ids).size).toBe(ids.length);
    const sessions = subCourses.flatMap(([, sub]) => (sub as Json).course_venue as Json[]);
    expect(sessions.some((s) => s.start_date.startsWith(String(NOW.getUTCFullYear() + 1)))).toBe(true);
    expect(sessions.every((s) => s.start_date > NOW.toISOString().slice(0, 10))).toBe(true);
  });

  it('has 16 distinct gallery items and intro tiles linking to site paths, one to /', () => {
    const gallery = content['/gallery/content'] as Json[];
    expect(gallery).toHaveLength(16);
    expect(new Set(gallery.map((g) => g.title)).size).toBe(16);
    expect(new Set(gallery.map((g) => g.image)).size).toBe(16);
    const tiles = content['/learning-experinece/content'] as Json[];
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    expect(tiles.map((t) => t.back_link)).toContain('/');
    for (const tile of tiles) expect(tile.back_link).toMatch(/^\//);
  });

  it('serves every referenced image as a cacheable SVG', async () => {
    const live = createDemoContent({ now: NOW, origin: admin.origin });
    const urls = new Set<string>();
    JSON.stringify(live, (_key, value) => {
      if (typeof value === 'string' && value.startsWith(`${admin.origin}/media/`)) urls.add(value);
      return value;
    });
    expect(urls.size).toBeGreaterThan(30);
    for (const url of urls) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toContain('max-age=31536000');
      expect(await response.text()).toMatch(/^<svg [^>]*viewBox=/);
    }
    expect((await fetch(`${admin.origin}/media/nope.svg`)).status).toBe(404);
  });
});

describe('errors', () => {
  it('answers 404 JSON for unknown ids, slugs and paths', async () => {
    for (const path of [
      '/upcoming-training/details/999',
      '/upcoming-training/details/201',
      '/learning-solution-training/details/101',
      '/course-venue/details/no-such-course',
      '/no-such/content',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('answers 405 to non-GET methods', async () => {
    const response = await fetch(`${admin.url}/setting/content`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('fault injection', () => {
  it('answers an injected status with a JSON error body', async () => {
    admin.setFaults([{ path: '/home-page/content', status: 500 }]);
    const response = await get('/home-page/content');
    expect(response.status).toBe(500);
    expect(await response.json()).toHaveProperty('error');
    expect((await get('/setting/content')).status).toBe(200);
  });

  it('drops the connection', async () => {
    admin.setFaults([{ path: '/gallery/content', mode: 'drop' }]);
    await expect(get('/gallery/content')).rejects.toThrow();
  });

  it('answers 200 with a body that is not JSON', async () => {
    admin.setFaults([{ path: '/about-us/content', mode: 'invalid-json' }]);
    const response = await get('/about-us/content');
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it('answers 200 JSON with the wrong shape', async () => {
    admin.setFaults([{ path: '/upcoming-certification/content', mode: 'wrong-shape' }]);
    const body = (await (await get('/upcoming-certification/content')).json()) as Json;
    expect(Array.isArray(body.data)).toBe(false);
    expect(body.data).not.toHaveProperty('title');
  });

  it('delays by delayMs plus the global latency', async () => {
    admin.setFaults([{ path: '/setting/content', delayMs: 250 }]);
    let started = performance.now();
    await getData('/setting/content');
    expect(performance.now() - started).toBeGreaterThanOrEqual(230);

    admin.resetFaults();
    admin.setLatency(150);
    started = performance.now();
    await getData('/consultations/content');
    expect(performance.now() - started).toBeGreaterThanOrEqual(130);
  });

  it('applies a rule only `times` times, first matching rule wins, prefixes and * match', async () => {
    admin.setFaults([
      { path: '/course-venue/details/*', status: 503, times: 2 },
      { path: '*', status: 502, times: 1 },
    ]);
    expect((await get('/course-venue/details/project-risk-management')).status).toBe(503);
    expect((await get('/setting/content')).status).toBe(502);
    expect((await get('/course-venue/details/project-risk-management')).status).toBe(503);
    expect((await get('/course-venue/details/project-risk-management')).status).toBe(200);
    expect((await get('/setting/content')).status).toBe(200);
  });

  it('rejects invalid rules', () => {
    expect(() => admin.setFaults([{ path: '', status: 500 }])).toThrow(TypeError);
    expect(() => admin.setFaults([{ path: '*', mode: 'explode' as never }])).toThrow(TypeError);
  });

  it('counts API requests per path, before applying faults', async () => {
    admin.setFaults([{ path: '/gallery/content', mode: 'drop' }]);
    await get('/home-page/content');
    await get('/home-page/content');
    await get('/gallery/content').catch(() => undefined);
    await get('/course-venue/details/no-such-course');
    expect(admin.requestCounts()).toEqual({
      '/home-page/content': 2,
      '/gallery/content': 1,
      '/course-venue/details/no-such-course': 1,
    });
    admin.resetCounts();
    expect(admin.requestCounts()).toEqual({});
  });

  it('is controllable over HTTP', async () => {
    const control = (path: string, method: string, body?: unknown) =>
      fetch(`${admin.origin}/__demo${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

    let response = await control('/faults', 'POST', [{ path: '/home-page/content', status: 500, times: 1 }]);
    expect(response.status).toBe(200);
    expect((await get('/home-page/content')).status).toBe(500);
    expect((await get('/home-page/content')).status).toBe(200);

    await control('/faults', 'POST', [{ path: '*', status: 500 }]);
    expect((await get('/setting/content')).status).toBe(500);
    expect((await control('/faults', 'DELETE')).status).toBe(200);
    expect((await get('/setting/content')).status).toBe(200);

    response = await control('/requests', 'GET');
    expect(await response.json()).toEqual({ counts: { '/home-page/content': 2, '/setting/content': 2 }, total: 4 });
    await control('/requests', 'DELETE');
    expect(await (await control('/requests', 'GET')).json()).toEqual({ counts: {}, total: 0 });

    expect(await (await control('/latency', 'POST', { ms: 200 })).json()).toEqual({ ms: 200 });
    const started = performance.now();
    await getData('/setting/content');
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    await control('/latency', 'POST', { ms: 0 });

    expect((await control('/faults', 'POST', [{ path: '*', mode: 'nope' }])).status).toBe(400);
    expect((await control('/faults', 'POST', { not: 'rules' })).status).toBe(400);
  });
});

describe('lifecycle', () => {
  it('close() resolves promptly with a hanging request in flight', async () => {
    const other = await startDemoAdmin({ now: NOW });
    // One request hangs forever, another waits on a long delay.
    other.setFaults([
      { path: '/gallery/content', delayMs: 60_000 },
      { path: '*', mode: 'hang' },
    ]);
    const pending = fetch(`${other.url}/setting/content`).then(
      () => 'answered',
      () => 'failed',
    );
    const slow = fetch(`${other.url}/gallery/content`).then(
      () => 'answered',
      () => 'failed',
    );
    while (Object.keys(other.requestCounts()).length < 2) await new Promise((resolve) => setTimeout(resolve, 10));

    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('failed');
    expect(await slow).toBe('failed');
  });

  it('runs as a CLI that prints one line and stops on SIGTERM', async () => {
    const script = fileURLToPath(new URL('./server.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line; stdout: ${stdout}`)), 10_000);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        const match = /^demo admin listening on (http:\/\/127\.0\.0\.1:\d+\/api)\n/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const body = (await (await fetch(`${url}/setting/content`)).json()) as Json;
    expect(body.data.logo).toMatch(/\/media\/logo\.svg$/);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('real photos (photos: true)', () => {
  it('names and serves camera-sized JPEGs and a PNG logo, and counts the photos it sends', async () => {
    const sharp = (await import('sharp')).default;
    const photos = await startDemoAdmin({ port: 0, now: NOW, photos: true, mediaPort: 0 });
    try {
      const gallery = ((await (await fetch(`${photos.url}/gallery/content`)).json()) as Json).data as Json[];
      const settings = ((await (await fetch(`${photos.url}/setting/content`)).json()) as Json).data as Json;
      expect(gallery.every((item) => item.image.startsWith(`${photos.mediaOrigin}/media/`))).toBe(true);
      expect(gallery.every((item) => item.image.endsWith('.jpg'))).toBe(true);
      expect(settings.logo).toBe(`${photos.mediaOrigin}/media/logo.png`);

      const response = await fetch(gallery[0].image);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBeGreaterThan(2_000_000);
      expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
      const logo = await fetch(settings.logo);
      expect(logo.headers.get('content-type')).toBe('image/png');
      await logo.arrayBuffer();
      expect((await fetch(`${photos.mediaOrigin}/media/nothing.jpg`)).status).toBe(404);
      expect(photos.mediaRequests()).toBe(2);
    } finally {
      await photos.close();
    }
  });
});
