/**
 * Plain text out of admin rich text (Markdown with raw HTML), for meta descriptions, JSON-LD and calendar
 * files: what a reader sees, without markup, entities decoded, whitespace collapsed. Nothing here is
 * rendered as HTML, so no sanitising is needed; scripts, styles and templates are dropped as not being text.
 */
import type { Nodes } from 'hast';
import rehypeRaw from 'rehype-raw';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw);

const INLINE = new Set(
  'a abbr b bdi bdo cite code data del dfn em i ins kbd mark q s samp small span strong sub sup time u var'.split(' '),
);
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

function collect(node: Nodes, out: string[]): void {
  if (node.type === 'text') out.push(node.value);
  else if (node.type === 'element') {
    if (NOT_TEXT.has(node.tagName)) return;
    if (node.tagName === 'br') out.push(' ');
    for (const child of node.children) collect(child, out);
    // block boundaries separate words: "<p>a</p><p>b</p>" reads "a b", not "ab"
    if (!INLINE.has(node.tagName)) out.push(' ');
  } else if (node.type === 'root') for (const child of node.children) collect(child, out);
}

export function plainText(source: string): string {
  if (!source.trim()) return '';
  const tree = processor.runSync(processor.parse(source)) as Nodes;
  const out: string[] = [];
  collect(tree, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** The first sentence of `text` (ending at . ! ? followed by a space), or all of it. */
export function firstSentence(text: string): string {
  const match = /^.+?[.!?](?=\s+\p{Lu}|\s*$)/su.exec(text);
  return (match ? match[0] : text).trim();
}

/**
 * At most `max` characters, cut at a word boundary with an ellipsis. Search engines show about 155–160
 * characters of a description, social cards about 200; a longer one is cut mid-word by them instead.
 */
export function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  const atWord = head.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : head).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * A meta description from admin rich text: its first sentence, or more of the text when that sentence is
 * too short to describe anything; `fallback` when there is no text.
 */
export function describeText(source: string | undefined, fallback: string): string {
  const text = source ? plainText(source) : '';
  if (!text) return fallback;
  const sentence = firstSentence(text);
  return sentence.length >= 70 ? sentence : text;
}

/** "a, b, c and 4 more" (a bounded list for a description). */
export function listOf(items: readonly string[], shown = 3): string {
  const names = items.map((item) => item.trim()).filter(Boolean);
  if (names.length <= 1) return names.join('');
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
