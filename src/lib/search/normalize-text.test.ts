import { describe, expect, it } from 'vitest';
import { compactText, foldText, queryTokens, searchTerm, tokenize } from './normalize-text';

describe('foldText', () => {
  it('drops accents and case', () => {
    expect(foldText('Gestión FINANCIÈRE')).toBe('gestion financiere');
  });

  it('folds the Turkish dotted capital and dotless i to a plain i', () => {
    expect(foldText('İstanbul')).toBe('istanbul');
    expect(foldText('ISTANBUL')).toBe('istanbul');
    expect(foldText('Diyarbakır')).toBe('diyarbakir');
  });

  it('folds letters NFKD leaves alone and compatibility forms', () => {
    expect(foldText('Straße Øresund')).toBe('strasse oresund');
    expect(foldText('ﬁnance')).toBe('finance');
  });
});

describe('tokenize', () => {
  it('splits on anything that is not a letter or digit', () => {
    expect(tokenize('PMP® Exam-Preparation (ISO/IEC 27001)')).toEqual([
      'pmp',
      'exam',
      'preparation',
      'iso',
      'iec',
      '27001',
    ]);
  });

  it('keeps letters of other scripts (and folds their marks: إ → ا, ة → ه)', () => {
    expect(tokenize('إدارة المشاريع')).toEqual(['اداره', 'المشاريع']);
  });
});

describe('compactText', () => {
  it('joins the words of a code', () => {
    expect(compactText('PM-101')).toBe('pm101');
    expect(compactText('pm 101')).toBe('pm101');
  });
});

describe('queryTokens', () => {
  it('keeps joining words optional', () => {
    expect(queryTokens('Leadership courses in Dubai')).toEqual({
      required: ['leadership', 'dubai'],
      optional: ['courses', 'in'],
    });
  });

  it('requires them when there is nothing else', () => {
    expect(queryTokens('Training')).toEqual({ required: ['training'], optional: [] });
  });

  it('drops repeated words', () => {
    expect(queryTokens('risk RISK Risk')).toEqual({ required: ['risk'], optional: [] });
  });
});

describe('Arabic, folded as readers read it (index and query alike)', () => {
  const term = (word: string) => tokenize(word).map(searchTerm).join(' ');

  it('makes the hamza forms of alef one alef', () => {
    expect(term('أ إ آ ا')).toBe('ا ا ا ا');
    expect(term('إدارة')).toBe(term('ادارة'));
  });

  it('reads taa marbuta as haa and alef maqsura as yaa', () => {
    expect(term('الاحترافية')).toBe(term('الاحترافيه'));
    expect(term('مستوى')).toBe(term('مستوي'));
  });

  it('drops diacritics (harakat) and tatweel', () => {
    expect(term('الفعّالة')).toBe(term('الفعاله'));
    expect(term('المـوازنات')).toBe(term('الموازنات'));
    expect(term('إِدَارَة')).toBe(term('ادارة'));
  });

  it('reads Arabic-Indic digits as digits', () => {
    expect(term('ISO ٤٥٠٠١')).toBe('iso 45001');
    expect(term('۲۰۲۷')).toBe('2027');
  });

  it('takes the article without the one-letter prefix glued to it', () => {
    expect(term('والمناقصات')).toBe(term('المناقصات'));
    for (const prefixed of ['بالمناقصات', 'فالمناقصات', 'كالمناقصات', 'للمناقصات'])
      expect(term(prefixed)).toBe('المناقصات');
    // a short word is left alone, and so is a word that only looks prefixed
    expect(term('وال')).toBe('وال');
    expect(searchTerm(searchTerm('والمناقصات'))).toBe(searchTerm('والمناقصات'));
  });

  it('leaves Latin words as the Latin folding makes them', () => {
    expect(term('Gestión Financière')).toBe('gestion financiere');
  });
});
