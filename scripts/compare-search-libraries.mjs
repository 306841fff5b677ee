#!/usr/bin/env node
/**
 * Which search library for the catalogue (issue 33, record 038): MiniSearch (as src/lib/search/search-engine.ts
 * configures it) against Fuse.js, Orama and FlexSearch, and the matching main had before (every word the start
 * of a title, code, category or venue word: src/lib/search/search-query.ts as main had it before the merge of
 * the forgiving search, read from git), on the
 * demo admin's real-world catalogue (scripts/demo-admin/real-world-catalogue.mjs).
 *
 * Every library indexes the same documents (searchDocuments: title, code, category, venue, the first words of
 * the description) with the same field boosts, in its fairest configuration for slips:
 * - Orama 3.1 with our tokenizer (normalize-text.ts: its own drops Arabic letters), at tolerance 1 and 2 with
 *   its default threshold (documents with any of the words), and at tolerance 2 with every word required;
 * - FlexSearch 0.8 has no edit distance: its fuzzy means are phonetic encoders, partial tokenizers and
 *   `suggest` (results that lack a word); each combination was tried and the best on slips is the row shown
 *   (our folding runs first, so Arabic is read as the site reads it). Its Document search ranks each field
 *   apart: the fields' lists are merged by boost / (1 + rank).
 *
 * Recall: one-edit slips of every Latin title (scripts/typing-slips.mjs) with the course in the top 3; exact
 * titles first; two words with one slip in the top 3; the Arabic variants; words found in one course's
 * description only, with that course in the top 3. Cost: query time p50/p95 over the slips at the real-world
 * catalogue and at BIG courses (default 5 000; generated courses added), build time, and the bytes of the
 * serialised index (what would be kept per crawl).
 *
 *   node scripts/compare-search-libraries.mjs [--big 5000] [--only MiniSearch,Orama]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { create as createOrama, insertMultiple, save as saveOrama, search as searchOrama } from '@orama/orama';
import { Charset, Document as FlexDocument, Encoder } from 'flexsearch';
import Fuse from 'fuse.js';
import { runnerImport } from 'vite';
import { createDemoContent } from './demo-admin/content.mjs';
import { slippedTitles, twoWordsOneSlip } from './typing-slips.mjs';

const { values: args } = parseArgs({
  options: { big: { type: 'string', default: '5000' }, only: { type: 'string', default: '' } },
});
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

/** main just before the forgiving search was merged into it (e25851d): its matching, the "before" column. */
const BEFORE = 'e25851d^1';

/** That search-query.ts and what it imports, from git, in a temporary folder (its types are erased). */
async function mainMatching() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'search-main-'));
  await mkdir(path.join(dir, 'src/lib/search'), { recursive: true });
  for (const file of ['search-query.ts', 'search-index.ts', 'normalize-text.ts']) {
    const text = execFileSync('git', ['show', `${BEFORE}:src/lib/search/${file}`], { cwd: root, encoding: 'utf8' });
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

/** The fields every library searches, with the boosts search-engine.ts gives them. */
const FIELDS = ['title', 'code', 'category', 'description', 'venue'];
const BOOST = { title: 3, code: 3, category: 1.5, description: 0.5, venue: 1 };

/**
 * Words that appear in one course's indexed description only, and in no title, code or category (up to 40,
 * in a fixed order): a search for one should find that course.
 */
function descriptionWords(documents, normalize) {
  const courses = documents.filter((doc) => !doc.id.startsWith('category:'));
  const owners = new Map();
  const elsewhere = new Set(
    courses.flatMap((doc) => normalize.tokenize(`${doc.title} ${doc.code} ${doc.category} ${doc.venue}`)),
  );
  for (const doc of courses) {
    for (const word of new Set(normalize.tokenize(doc.description))) {
      if (word.length < 6 || elsewhere.has(word) || /\d/.test(word)) continue;
      owners.set(word, owners.has(word) ? null : doc.id);
    }
  }
  return [...owners]
    .filter(([, owner]) => owner !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, 40)
    .map(([word, slug]) => ({ word, slug }));
}

/** Ids from per-field ranked lists, merged by each field's boost over its rank. */
function mergeFieldRanks(fieldResults) {
  const scores = new Map();
  for (const { field, result } of fieldResults) {
    result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + BOOST[field] / (1 + rank)));
  }
  return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => String(id));
}

async function main() {
  log('loading…');
  const [engineModule, indexModule, normalize, old] = await Promise.all([
    load('src/lib/search/search-engine.ts'),
    load('src/lib/search/search-index.ts'),
    load('src/lib/search/normalize-text.ts'),
    mainMatching(),
  ]);
  /** Our folding and Arabic article rule, for the libraries that take a tokenizer. */
  const words = (text) => normalize.tokenize(text).map(normalize.searchTerm).filter(Boolean);
  try {
    const small = catalogueOf(0);
    const big = catalogueOf(Number(args.big));
    const titles = small.categories.flatMap((category) => category.courses.map((course) => course.title));
    const slugByTitle = new Map(
      small.categories.flatMap((category) => category.courses.map((course) => [course.title, course.slug])),
    );
    const slips = slippedTitles(titles);
    const pairs = twoWordsOneSlip(titles);
    const described = descriptionWords(await indexModule.searchDocuments(small), normalize);
    const courseDocuments = async (catalogue) =>
      (await indexModule.searchDocuments(catalogue)).filter((doc) => !doc.id.startsWith('category:'));

    /**
     * Orama at one tolerance (edits allowed in every word, whatever its length); `threshold` 1 (its default)
     * finds documents with any of the words, 0 only those with all of them.
     */
    const orama = (tolerance, threshold) => async (catalogue) => {
      const tokenizer = {
        language: 'english',
        normalizationCache: new Map(),
        tokenize: (raw) => [...new Set(words(raw))],
      };
      const db = createOrama({
        schema: Object.fromEntries(['id', ...FIELDS].map((field) => [field, 'string'])),
        components: { tokenizer },
      });
      insertMultiple(db, await courseDocuments(catalogue));
      const search = (q) =>
        searchOrama(db, { term: q, properties: FIELDS, boost: BOOST, tolerance, threshold, limit: 10 }).hits.map(
          (hit) => hit.id,
        );
      return { search, bytes: Buffer.byteLength(JSON.stringify(saveOrama(db))) };
    };

    /** FlexSearch with one encoder and tokenizer; our folding first. */
    const flexsearch =
      ({ charset, tokenize, suggest }) =>
      async (catalogue) => {
        const encoder = new Encoder(Charset[charset], { prepare: (text) => words(text).join(' ') });
        const index = new FlexDocument({
          document: { id: 'id', index: FIELDS.map((field) => ({ field, tokenize, encoder })) },
        });
        for (const doc of await courseDocuments(catalogue)) index.add(doc);
        const search = (q) => mergeFieldRanks(index.search(q, { limit: 10, suggest })).slice(0, 10);
        let bytes = 0;
        index.export((key, data) => {
          bytes += Buffer.byteLength(key) + Buffer.byteLength(data ?? '');
        });
        return { search, bytes };
      };

    // FlexSearch's fairest configuration: the one that finds the most one-slip titles
    const flexChoices = ['LatinBalance', 'LatinAdvanced', 'LatinExtra', 'LatinSoundex'].flatMap((charset) =>
      ['forward', 'full'].map((tokenize) => ({ charset, tokenize, suggest: true })),
    );
    const bestFlex = await (async () => {
      if (args.only && !args.only.split(',').some((name) => 'FlexSearch 0.8'.startsWith(name))) return flexChoices[0];
      let best;
      for (const choice of flexChoices) {
        const lib = await flexsearch(choice)(small);
        const found = slips.filter(({ title, typed }) =>
          lib.search(typed).slice(0, 3).includes(slugByTitle.get(title)),
        );
        const recall = found.length / slips.length;
        log(`  FlexSearch ${choice.charset}/${choice.tokenize}: slips top 3 ${(recall * 100).toFixed(1)}%`);
        if (!best || recall > best.recall) best = { choice, recall };
      }
      return best.choice;
    })();

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
      'Orama 3.1, tolerance 1': orama(1, 1),
      'Orama 3.1, tolerance 2': orama(2, 1),
      'Orama 3.1, tolerance 2, every word': orama(2, 0),
      [`FlexSearch 0.8 (${bestFlex.charset}, ${bestFlex.tokenize}, suggest)`]: flexsearch(bestFlex),
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
      if (args.only && !args.only.split(',').some((wanted) => name.startsWith(wanted))) continue;
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
      const description = share(described, ({ word, slug }) => lib.search(word).slice(0, 3).includes(slug));
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
        'description word top 3': `${(description * 100).toFixed(1)}% of ${described.length}`,
        [`query p50/p95 @${titles.length}`]: `${ms(timeSmall.p50)} / ${ms(timeSmall.p95)}`,
        [`query p50/p95 @${args.big}`]: `${ms(timeBig.p50)} / ${ms(timeBig.p95)}`,
        [`build @${args.big}`]: ms(buildBig),
        [`index bytes @${titles.length} / @${args.big}`]:
          lib.bytes === undefined ? '(none kept)' : `${lib.bytes} / ${bigLib.bytes}`,
        [`build @${titles.length}`]: ms(buildSmall),
      });
    }
    // one column per library, one line per measure (Markdown, as record 038 shows it)
    const measures = Object.keys(rows[0] ?? {}).filter((key) => key !== 'library');
    const line = (cells) => `| ${cells.join(' | ')} |\n`;
    process.stdout.write(line(['', ...rows.map((row) => row.library)]));
    process.stdout.write(line(['---', ...rows.map(() => '---')]));
    for (const measure of measures) process.stdout.write(line([measure, ...rows.map((row) => row[measure])]));
  } finally {
    await rm(old.dir, { recursive: true, force: true });
  }
}

const log = (message) => process.stderr.write(`${message}\n`);
await main();
