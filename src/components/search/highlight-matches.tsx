import type { ReactNode } from 'react';
import { foldText } from '../../lib/search/normalize-text';

const WORD = /[\p{L}\p{N}]+/gu;

/** `text` with the beginnings of words that a query word matches wrapped in <mark> (accent/case-insensitive). */
export function HighlightMatches({ text, tokens }: { text: string; tokens: readonly string[] }): ReactNode {
  if (tokens.length === 0) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const folded = foldText(word);
    const token = tokens.filter((candidate) => folded.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
    if (!token) continue;
    const length = markedLength(word, token.length);
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<mark key={start}>{word.slice(0, length)}</mark>);
    last = start + length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** How many characters of `word` fold to the first `foldedLength` folded characters ('Gestión' keeps its ó). */
function markedLength(word: string, foldedLength: number): number {
  let length = 0;
  while (length < word.length && foldText(word.slice(0, length)).length < foldedLength) length += 1;
  return length;
}
