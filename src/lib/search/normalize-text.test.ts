import { describe, expect, it } from 'vitest';
import { compactText, foldText, queryTokens, tokenize } from './normalize-text';

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

  it('keeps letters of other scripts (and folds their marks: إ → ا)', () => {
    expect(tokenize('إدارة المشاريع')).toEqual(['ادارة', 'المشاريع']);
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
