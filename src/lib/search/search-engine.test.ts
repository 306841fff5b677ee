import { describe, expect, it } from 'vitest';
import {
  buildSearchEngine,
  codeText,
  descriptionText,
  editDistance,
  editsAllowed,
  loadSearchEngine,
  searchEngine,
  serializeSearchEngine,
  type SearchDocument,
} from './search-engine';

const course = (id: string, title: string, more: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  title,
  code: '',
  category: '',
  description: '',
  venue: '',
  ...more,
});

const engine = await buildSearchEngine([
  course('negotiation', 'Negotiation Skills', { code: codeText('NEG-101'), category: 'Boardroom Negotiation Mastery' }),
  course('advanced-negotiation', 'Advanced Negotiation Skills', { code: codeText('NEG-102') }),
  course('hse', 'HSE Management Systems', { code: codeText('HSE-101'), category: 'Workplace Safety Academy' }),
  course('use', 'Use of Force Awareness'),
  course('refining', 'Petroleum Refining Processes', {
    description: descriptionText('**Course code:** OGP-101 <em>5 days</em> operate hydrocracking units'),
  }),
  course('tenders', 'إدارة المشتريات والمناقصات'),
  course('budget', 'Budgeting and Cost Control', { category: 'Finance for Decision Makers', description: 'title' }),
  course('cost', 'Cost Estimating', { description: 'budgeting control' }),
]);

const ids = (query: string) => searchEngine(engine, query).matches.map((match) => match.id);

describe('how many slips a word may carry', () => {
  it('none under 4 letters or with a digit, one from 4, two from 8', () => {
    expect(['hse', 'pmp', 'iso', 'pm101', '45001'].map(editsAllowed)).toEqual([0, 0, 0, 0, 0]);
    expect(['risk', 'skills', 'managem'].map(editsAllowed)).toEqual([1, 1, 1]);
    expect(['leadership', 'negotiation'].map(editsAllowed)).toEqual([2, 2]);
  });

  it('measures edits with a swap of neighbours as one, giving up past the limit', () => {
    expect(editDistance('ladership', 'leadership', 2)).toBe(1);
    expect(editDistance('neogtiation', 'negotiation', 2)).toBe(1);
    expect(editDistance('auditro', 'auditor', 1)).toBe(1);
    expect(editDistance('abc', 'xyzxyz', 1)).toBe(2);
  });
});

describe('the engine', () => {
  it('forgives one slip of each kind', () => {
    for (const slip of ['Negotation', 'Negotiaton', 'Negoitation', 'Negotiatiion', 'Negotiazion']) {
      expect(ids(`${slip} Skills`)[0], slip).toBe('negotiation');
    }
    // a swap in a word of 4 to 7 letters is one slip too
    expect(ids('Negotiation Sklils')[0]).toBe('negotiation');
    expect(searchEngine(engine, 'Negotiation Sklils').allWords).toBe(true);
  });

  it('keeps a 3-letter code or acronym exact', () => {
    expect(ids('hse')).toEqual(['hse']); // not 'use'
    expect(ids('hsa')).toEqual([]);
  });

  it('finds a description word, and weighs it below the title and the category', () => {
    expect(ids('hydrocracking')).toEqual(['refining']);
    expect(ids('budgeting')).toEqual(['budget', 'cost']);
  });

  it('takes the last word as the start of a word', () => {
    expect(ids('petroleum ref')).toEqual(['refining']);
  });

  it('wants every word, then most words', () => {
    expect(searchEngine(engine, 'negotiation skills').allWords).toBe(true);
    const most = searchEngine(engine, 'negotiation hydrocracking');
    expect(most.allWords).toBe(false);
    expect(most.matches.map((match) => match.id)).toContain('refining');
  });

  it('says what a slip was taken for, and nothing when the words were found as typed', () => {
    expect(searchEngine(engine, 'Strategic negotation').correction).toBe('strategic negotiation');
    expect(searchEngine(engine, 'negotiation').correction).toBeUndefined();
    expect(searchEngine(engine, 'negot').correction).toBeUndefined();
  });

  it('finds Arabic in the spellings readers treat as one', () => {
    for (const query of ['ادارة المشتريات', 'إدارة', 'والمناقصات', 'المناقصات', 'المشتريات والمـناقصات'])
      expect(ids(query), query).toEqual(['tenders']);
  });

  it('finds nothing for nonsense', () => {
    expect(ids('xqzvwkj')).toEqual([]);
  });

  it('is kept in MiniSearch’s own form, written out in slices', async () => {
    // serializeSearchEngine reads MiniSearch's fields to write toJSON()'s form between pauses: a release
    // that moved them fails here
    let pauses = 0;
    const text = await serializeSearchEngine(engine, async () => {
      pauses += 1;
    });
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(engine.toJSON())));
    expect(pauses).toBeGreaterThan(10);
  });

  it('is built between pauses, one course at a time, as it would be at once', async () => {
    const documents = ['Negotiation Skills', 'Advanced Negotiation', 'HSE Leadership'].map((title, n) => ({
      id: `c${n}`,
      title,
      code: `PM-10${n}`,
      category: 'Skills',
      description: '',
      venue: 'Dubai',
    }));
    let pauses = 0;
    const built = await buildSearchEngine(documents, async () => {
      pauses += 1;
    });
    expect(pauses).toBe(documents.length);
    expect(searchEngine(built, 'negotation').matches.map((match) => match.id)).toEqual(['c0', 'c1']);
  });

  it('is kept and loaded in MiniSearch’s own form, answering the same', async () => {
    const kept = JSON.parse(await serializeSearchEngine(engine));
    const loaded = loadSearchEngine(kept);
    for (const query of ['Negotation Skills', 'hse', 'hydrocracking', 'والمناقصات'])
      expect(searchEngine(loaded, query)).toEqual(searchEngine(engine, query));
  });
});
