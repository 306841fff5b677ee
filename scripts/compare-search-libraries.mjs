#!/usr/bin/env node
/**
 * Which search library for the catalogue (issue 33, record 038): MiniSearch (as src/lib/search/search-engine.ts
 * configures it) against Fuse.js, and the matching main had before (every word the start of a title, code,
 * category or venue word: src/lib/search/search-query.ts at `main`, read from git), on the demo admin's
 * real-world catalogue (scripts/demo-admin/real-world-catalogue.mjs).
 *
 * Recall: one-edit slips of every Latin title (scripts/typing-slips.mjs) with the course in the top 3; exact
 * titles first; two words with one slip in the top 3; the Arabic variants. Cost: query time p50/p95 over the
 * slips at the real-world catalogue and at BIG courses (default 5 000; generated courses added), build time,
 * and the bytes of the serialised index (what would be kept per crawl).
 *
 *   node scripts/compare-search-libraries.mjs [--big 5000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fuse from 'fuse.js';
import { runnerImport } from 'vite';
import { createDemoContent } from './demo-admin/content.mjs';
import { slippedTitles, twoWordsOneSlip } from './typing-slips.mjs';

const { values: args } = parseArgs({ options: { big: { type: 'string', default: '5000' } } });
const root = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} file @param {string} [base] */
async function load(file, base = root) {
  const { module } = await runnerImport(path.join(base, file), { configFile: false, logLevel: 'silent', root: base });
  return module;
}

/** The catalogue as the site's crawl reads it, from the demo admin's payloads. */
function catalogueOf(courses) {
  const content = createDemoContent({ origin: 'http://127.0.0.1', catalogue: 'real-world', courses });
  const categories = [];
  for (const [kind, list, detail] of [
    ['upcoming', '/upcoming-certification/content', '/upcoming-training/details/'],
    ['solution', '/learning-solution/content', '/learning-solution-training/details/'],
  ]) {
    for (const { id, title } of content[list]) {
      categories.push({ kind, id, title, courses: content[`${detail}${id}`].training_course });
    }
  }
  const sessionsBySlug = new Map();
  const descriptionsBySlug = new Map();
  for (const category of categories) {
    for (const course of category.courses) {
      const sub = content[`/course-venue/details/${course.slug}`];
      sessionsBySlug.set(course.slug, sub.course_venue);
      descriptionsBySlug.set(course.slug, sub.description.slice(0, 2000));
    }
  }
  return { categories, sessionsBySlug, descriptionsBySlug };
}

const NOW = Date.now();
const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
const ms = (value) => `${value.toFixed(2)} ms`;

/** Times `search` over a sample of `queries` (every 4th: Fuse.js takes seconds at 5 000), after a warm-up. */
function timeQueries(search, queries) {
  const sample = queries.filter((_, index) => index % 4 === 0);
  for (const query of sample.slice(0, 10)) search(query);
  const times = sample.map((query) => {
    const start = performance.now();
    search(query);
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** main's search-query.ts and what it imports, from git, in a temporary folder (its types are erased). */
async function mainMatching() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'search-main-'));
  await mkdir(path.join(dir, 'src/lib/search'), { recursive: true });
  for (const file of ['search-query.ts', 'search-index.ts', 'normalize-text.ts']) {
    const text = execFileSync('git', ['show', `main:src/lib/search/${file}`], { cwd: root, encoding: 'utf8' });
    await writeFile(path.join(dir, 'src/lib/search', file), text);
  }
  const index = await load('src/lib/search/search-index.ts', dir);
  const query = await load('src/lib/search/search-query.ts', dir);
  return { dir, ...index, ...query };
}

const ARABIC = [
  ['ادارة المشتريات والمناقصات', 'purchasing-and-tenders-ar'],
  ['مهارات السكرتارية الاحترافيه', 'professional-secretarial-skills-ar'],
  ['اعداد المـوازنات التخطيطية', 'planning-budgets-ar'],
  ['المناقصات', 'purchasing-and-tenders-ar'],
  ['القيادة الادارية الفعالة', 'effective-leadership-ar'],
  ['إدارة الموارد البشريه', 'human-resources-ar'],
  ['السلامه والصحة المهنية', 'occupational-safety-ar'],
];

async function main() {
  log('loading…');
  const [engineModule, indexModule, old] = await Promise.all([
    load('src/lib/search/search-engine.ts'),
    load('src/lib/search/search-index.ts'),
    mainMatching(),
  ]);
  try {
    const small = catalogueOf(0);
    const big = catalogueOf(Number(args.big));
    const titles = small.categories.flatMap((category) => category.courses.map((course) => course.title));
    const slugByTitle = new Map(
      small.categories.flatMap((category) => category.courses.map((course) => [course.title, course.slug])),
    );
    const slips = slippedTitles(titles);
    const pairs = twoWordsOneSlip(titles);

    /** Each library: build(catalogue) → { search(q) → slugs best first, bytes }. */
    const libraries = {
      'prefix words (main)': (catalogue) => {
        const index = old.buildSearchIndex(catalogue, NOW);
        const search = (q) =>
          old
            .searchCourses(index, old.parseSearchQuery(new URLSearchParams({ q }), index), NOW)
            .items.map((item) => item.course.slug);
        return { search, bytes: undefined };
      },
      'MiniSearch 7.2': async (catalogue) => {
        const engine = await engineModule.buildSearchEngine(await indexModule.searchDocuments(catalogue));
        const search = (q) =>
          engineModule
            .searchEngine(engine, q)
            .matches.filter((match) => !match.id.startsWith('category:'))
            .slice(0, 10)
            .map((match) => match.id);
        return { search, bytes: Buffer.byteLength(JSON.stringify(engine.toJSON())) };
      },
      'Fuse.js 7.5': async (catalogue) => {
        const documents = (await indexModule.searchDocuments(catalogue)).filter(
          (doc) => !doc.id.startsWith('category:'),
        );
        const keys = [
          { name: 'title', weight: 3 },
          { name: 'code', weight: 3 },
          { name: 'category', weight: 1.5 },
          { name: 'description', weight: 0.5 },
        ];
        const index = Fuse.createIndex(keys, documents);
        const fuse = new Fuse(
          documents,
          { keys, ignoreLocation: true, threshold: 0.35, useExtendedSearch: false },
          index,
        );
        const search = (q) => fuse.search(q, { limit: 10 }).map((result) => result.item.id);
        return {
          search,
          bytes: Buffer.byteLength(JSON.stringify(index.toJSON())) + Buffer.byteLength(JSON.stringify(documents)),
        };
      },
    };

    const rows = [];
    for (const [name, make] of Object.entries(libraries)) {
      log(`${name}…`);
      let start = performance.now();
      const lib = await make(small);
      const buildSmall = performance.now() - start;
      const share = (list, ok) => list.filter(ok).length / list.length;
      const slipRecall = share(slips, ({ title, typed }) =>
        lib.search(typed).slice(0, 3).includes(slugByTitle.get(title)),
      );
      const exactFirst = share(titles, (title) => lib.search(title)[0] === slugByTitle.get(title));
      const pairRecall = share(pairs, ({ title, typed }) =>
        lib.search(typed).slice(0, 3).includes(slugByTitle.get(title)),
      );
      const arabic = ARABIC.filter(([typed, slug]) => lib.search(typed).slice(0, 3).includes(slug)).length;
      log(`  recall measured`);
      const timeSmall = timeQueries(
        lib.search,
        slips.map((item) => item.typed),
      );
      start = performance.now();
      const bigLib = await make(big);
      const buildBig = performance.now() - start;
      log(`  built at ${args.big}`);
      const timeBig = timeQueries(
        bigLib.search,
        slips.map((item) => item.typed),
      );
      rows.push({
        library: name,
        'slips top 3': `${(slipRecall * 100).toFixed(1)}% of ${slips.length}`,
        'exact first': `${(exactFirst * 100).toFixed(1)}% of ${titles.length}`,
        '2 words, 1 slip top 3': `${(pairRecall * 100).toFixed(1)}% of ${pairs.length}`,
        arabic: `${arabic}/${ARABIC.length}`,
        [`query p50/p95 @${titles.length}`]: `${ms(timeSmall.p50)} / ${ms(timeSmall.p95)}`,
        [`query p50/p95 @${args.big}`]: `${ms(timeBig.p50)} / ${ms(timeBig.p95)}`,
        [`build @${args.big}`]: ms(buildBig),
        [`index bytes @${titles.length} / @${args.big}`]:
          lib.bytes === undefined ? '(none kept)' : `${lib.bytes} / ${bigLib.bytes}`,
        [`build @${titles.length}`]: ms(buildSmall),
      });
    }
    for (const row of rows) {
      process.stdout.write(`\n${row.library}\n`);
      for (const [key, value] of Object.entries(row))
        if (key !== 'library') process.stdout.write(`  ${key}: ${value}\n`);
    }
  } finally {
    await rm(old.dir, { recursive: true, force: true });
  }
}

const log = (message) => process.stderr.write(`${message}\n`);
await main();
