/**
 * Text folding for course search: what a visitor types and what the admin wrote are compared after the same
 * folding, so 'gestion' finds 'Gestión', 'istanbul' finds 'İstanbul' and 'PM101' finds 'PM-101'.
 */

// Letters NFKD does not decompose into a base letter plus marks (Turkish dotless i, German sharp s, …).
const EXTRA_FOLDS: Record<string, string> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};
const EXTRA_FOLD_PATTERN = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');
const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Compatibility-decompose, drop combining marks, lower-case, fold the few letters left over. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(COMBINING_MARKS, '') // toLowerCase can emit a combining dot (İ outside NFKD input)
    .replace(EXTRA_FOLD_PATTERN, (letter) => EXTRA_FOLDS[letter] ?? letter);
}

/** The words (letters/digits runs) of folded text. */
export function tokenize(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** Folded letters and digits only: 'PM-101' → 'pm101'. Lets codes match however they are punctuated. */
export function compactText(text: string): string {
  return tokenize(text).join('');
}

// Words a visitor adds around what they look for ('leadership courses in dubai'): they count when they match
// but never rule a course out.
const OPTIONAL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'course',
  'courses',
  'training',
  'trainings',
]);

export type QueryTokens = { required: string[]; optional: string[] };

/** A query's words, split into those a course must match and the optional ones (unless that is all it has). */
export function queryTokens(query: string): QueryTokens {
  const words = [...new Set(tokenize(query))];
  const required = words.filter((word) => !OPTIONAL_WORDS.has(word));
  if (required.length === 0) return { required: words, optional: [] };
  return { required, optional: words.filter((word) => OPTIONAL_WORDS.has(word)) };
}
