/**
 * The full-text part of course search (issue 33, record 038): a MiniSearch index of every course (title,
 * code, categories, the opening of its description) and every category a visitor reads on the home page
 * (upcoming course families and learning solutions), built once per crawl and kept in MiniSearch's own
 * serialised form beside the catalogue, so a restarted server or a cold isolate loads it without rebuilding.
 *
 * Matching forgives as a reader does: one slip from 4 letters and two from 8 (none below 4, so codes and
 * acronyms such as HSE, PMP and ISO stay exact; a swap of neighbours is one slip), the last word (and any word of 4 letters or more) may be the
 * start of a word, and every word is wanted first, then most words. Title and code weigh most, then the
 * category, then the description.
 */
import MiniSearch, { type AsPlainObject, type Query, type SearchResult } from 'minisearch';
import { compactText, queryTokens, searchTerm, tokenize } from './normalize-text';
import { jsonArrayInPieces, timeSlices, type Pause } from './time-slices';

/**
 * Bump when what goes into the index changes (fields, folding, the description's share): a kept index of
 * another version is rebuilt from the kept catalogue instead of being searched with different words.
 */
export const SEARCH_ENGINE_VERSION = 1;

/** One thing a visitor can find: a course (by slug) or a category page (by key). */
export type SearchDocument = {
  id: string;
  title: string;
  code: string;
  category: string;
  description: string;
  /** The venues of its sessions ('leadership dubai'). */
  venue: string;
};

export const CATEGORY_DOCUMENT_PREFIX = 'category:';

/** Words of a description indexed at most: its opening names the subject; the rest repeats the template. */
const DESCRIPTION_WORDS = 120;

const FIELDS = ['title', 'code', 'category', 'description', 'venue'] as const;
const BOOST = { title: 3, code: 3, category: 1.5, description: 0.5, venue: 1 };

/**
 * How many slips a word may carry, by its length (after folding). A word with a digit carries none: 'PM-102'
 * is another course than 'PM-101', not a slip.
 */
export function editsAllowed(term: string): number {
  if (term.length < 4 || /\p{N}/u.test(term)) return 0;
  return term.length < 8 ? 1 : 2;
}

const OPTIONS = {
  fields: [...FIELDS],
  idField: 'id',
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => searchTerm(term) || null,
  searchOptions: {
    boost: BOOST,
    fuzzy: (term: string) => editsAllowed(term) || false,
    maxFuzzy: 2,
    prefix: (term: string, index: number, terms: string[]) => index === terms.length - 1 || term.length >= 4,
    // a slip weighs less than a word's start, which weighs less than the word itself
    weights: { fuzzy: 0.3, prefix: 0.5 },
  },
};

/** The text of a course's code as indexed: its own words and the compact form ('PM-101' → 'pm 101 pm101'). */
export function codeText(code: string): string {
  return `${code} ${compactText(code)}`;
}

/** Plain words of an admin's rich text opening (Markdown with raw HTML): tags, link targets and entities go. */
export function descriptionText(richText: string): string {
  const plain = richText
    .replace(/<[^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ');
  const words = [...new Set(plain.match(/[\p{L}\p{N}]+/gu) ?? [])];
  return words.slice(0, DESCRIPTION_WORDS).join(' ');
}

export type SearchEngine = MiniSearch<SearchDocument>;

/** The engine of `documents`, added a few at a time between pauses (5 000 courses take most of a second). */
export async function buildSearchEngine(
  documents: readonly SearchDocument[],
  pause: Pause = timeSlices(),
): Promise<SearchEngine> {
  const engine = new MiniSearch<SearchDocument>(OPTIONS);
  for (const document of documents) {
    engine.add(document);
    await pause();
  }
  return engine;
}

/**
 * What `engine.toJSON()` reads. MiniSearch has no serialiser that pauses, and its `toJSON()` takes over 100 ms
 * at 5 000 courses; this reads the same fields to write the same JSON in slices. The version is locked, and
 * search-engine.test.ts proves the text is MiniSearch's own form (it fails if a release moves these fields).
 */
type EngineFields = {
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _storedFields: Map<number, unknown>;
  _dirtCount: number;
};

/** The index as MiniSearch writes it (`toJSON()`, as JSON text in pieces, crawl-record.ts), to keep beside the catalogue. */
export async function searchEngineInPieces(engine: SearchEngine, pause: Pause = timeSlices()): Promise<string[]> {
  const fields = engine as unknown as EngineFields;
  const index = await jsonArrayInPieces(fields._index, pause, ([term, fieldIndex]) => {
    const data: Record<number, Record<number, number>> = {};
    for (const [fieldId, frequencies] of fieldIndex) data[fieldId] = Object.fromEntries(frequencies);
    return [term, data];
  });
  const head = JSON.stringify({
    documentCount: fields._documentCount,
    nextId: fields._nextId,
    documentIds: Object.fromEntries(fields._documentIds),
    fieldIds: fields._fieldIds,
    fieldLength: Object.fromEntries(fields._fieldLength),
    averageFieldLength: fields._avgFieldLength,
    storedFields: Object.fromEntries(fields._storedFields),
    dirtCount: fields._dirtCount,
  });
  return [`${head.slice(0, -1)},"index":`, ...index, ',"serializationVersion":2}'];
}

/** The index as one JSON text (tests). */
export async function serializeSearchEngine(engine: SearchEngine, pause: Pause = timeSlices()): Promise<string> {
  return (await searchEngineInPieces(engine, pause)).join('');
}

/** A kept index back (throws on one MiniSearch cannot read: the caller rebuilds it). */
export function loadSearchEngine(kept: AsPlainObject): SearchEngine {
  return MiniSearch.loadJS<SearchDocument>(kept, OPTIONS);
}

type EngineMatch = {
  id: string;
  score: number;
  /** The indexed words it was found by → the fields holding them. */
  match: Readonly<Record<string, readonly string[]>>;
};

export type EngineAnswer = {
  matches: EngineMatch[];
  /** Whether every word was found (false: the answer holds courses with most words). */
  allWords: boolean;
  /** The query with its slips corrected, when a word was found only through a correction. */
  correction?: string;
};

/** The query's words as the engine keeps them, without the joining words a visitor adds ('in', 'courses'). */
export function queryTerms(query: string): string[] {
  return [...new Set(queryTokens(query).required.map(searchTerm))].filter((term) => term.length > 0);
}

/** A swapped pair found by its swap weighs as a slip does (MiniSearch's own slips count a swap as two edits). */
const SWAP_WEIGHT = 0.3;

/**
 * One query word as MiniSearch is asked for it: itself, as the start of a word when it is the last (or long
 * enough), with its slips; and a word of one slip also as each of its adjacent swaps, so 'Auditro' finds
 * 'Auditor' (Levenshtein, which MiniSearch's fuzzy search measures, counts a swap as two).
 */
function termQuery(term: string, index: number, terms: readonly string[]): Query {
  const edits = editsAllowed(term);
  const typed: Query = {
    queries: [term],
    prefix: index === terms.length - 1 || term.length >= 4,
    fuzzy: edits || false,
  };
  if (edits !== 1) return typed;
  const swaps = adjacentSwaps(term);
  return {
    combineWith: 'OR',
    queries: [typed, { combineWith: 'OR', queries: swaps, prefix: false, fuzzy: false, boostTerm: () => SWAP_WEIGHT }],
  };
}

/** 'auditro' → 'uaditro', 'adutiro', … 'auditor' (pairs of the same letter give nothing new). */
function adjacentSwaps(term: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < term.length; i += 1) {
    if (term[i] !== term[i + 1]) swaps.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  return [...swaps];
}

/**
 * Every word first; when no course has them all, the courses with most of them (MiniSearch's OR ranks a
 * document by the words it has, times how many). A query word found only through a slip gives a correction:
 * the word it was taken for in the best matches.
 */
export function searchEngine(engine: SearchEngine, query: string): EngineAnswer {
  const terms = queryTerms(query);
  if (terms.length === 0) return { matches: [], allWords: true };
  const queries = terms.map(termQuery);
  let allWords = true;
  let results = engine.search({ combineWith: 'AND', queries });
  if (results.length === 0 && terms.length > 1) {
    allWords = false;
    results = engine.search({ combineWith: 'OR', queries });
  }
  const matches = results.map((result) => ({ id: String(result.id), score: result.score, match: result.match }));
  const correction = correctedQuery(terms, results.slice(0, 10));
  return { matches, allWords, ...(correction ? { correction } : {}) };
}

/**
 * The query with each word that matched nothing as typed replaced by the closest word the best matches were
 * found by; undefined when every word was found as typed (or as the start of a word).
 */
function correctedQuery(terms: readonly string[], best: readonly SearchResult[]): string | undefined {
  if (best.length === 0) return undefined;
  const found = new Set(best.flatMap((result) => result.terms));
  let corrected = false;
  const words = terms.map((term, index) => {
    const asTyped = [...found].some(
      (word) => word === term || ((index === terms.length - 1 || term.length >= 4) && word.startsWith(term)),
    );
    if (asTyped) return term;
    const allowed = editsAllowed(term);
    let closest: { word: string; distance: number } | undefined;
    for (const word of found) {
      const distance = editDistance(term, word, allowed);
      if (distance <= allowed && (!closest || distance < closest.distance)) closest = { word, distance };
    }
    if (!closest) return term;
    corrected = true;
    return closest.word;
  });
  return corrected ? words.join(' ') : undefined;
}

/**
 * Edits between two words, a swap of neighbours counting as one (optimal string alignment), given up
 * (answering limit + 1) once it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}
