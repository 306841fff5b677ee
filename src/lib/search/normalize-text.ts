/**
 * Text folding for course search: what a visitor types and what the admin wrote are compared after the same
 * folding, so 'gestion' finds 'Gestión', 'istanbul' finds 'İstanbul' and 'PM101' finds 'PM-101'. Arabic is
 * folded as readers treat it: the alef forms, taa marbuta and haa, alef maqsura and yaa are one letter each,
 * diacritics and tatweel go, Arabic-Indic digits are digits, and the article keeps no one-letter prefix
 * (والمناقصات is searched as المناقصات).
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

// Arabic letters readers take for one another. The hamza forms of alef (أ إ آ) decompose under NFKD into
// alef and a combining mark, which is dropped with the diacritics (harakat); these are what is left.
const ARABIC_FOLDS: Record<string, string> = {
  ٱ: 'ا', // alef wasla (not decomposed by NFKD)
  ة: 'ه', // taa marbuta, often typed as haa
  ى: 'ي', // alef maqsura, often typed as yaa
  ـ: '', // tatweel: stretches a word, is not a letter
};
const ARABIC_FOLD_PATTERN = new RegExp(`[${Object.keys(ARABIC_FOLDS).join('')}]`, 'g');
// Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits, as digits
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Compatibility-decompose, drop combining marks, lower-case, fold the few letters left over. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(COMBINING_MARKS, '') // toLowerCase can emit a combining dot (İ outside NFKD input)
    .replace(EXTRA_FOLD_PATTERN, (letter) => EXTRA_FOLDS[letter] ?? letter)
    .replace(ARABIC_FOLD_PATTERN, (letter) => ARABIC_FOLDS[letter] ?? letter)
    .replace(ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}

// The article with a one-letter prefix glued to it (wa-, bi-, fa-, ka-: 'and', 'with', 'so', 'like'), and lil-
// ('for the', where the article's alef is dropped): searched as the bare article, so 'والمناقصات' and
// 'المناقصات' are one word. Only before at least two more letters, so short words are left alone.
const ARTICLE_PREFIX = /^(?:[وبفك]ال|لل)(?=[\u0600-\u06FF]{2})/;

/** A folded word as the search engine keeps it (the index and a query's words go through the same). */
export function searchTerm(word: string): string {
  return word.replace(ARTICLE_PREFIX, 'ال');
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
