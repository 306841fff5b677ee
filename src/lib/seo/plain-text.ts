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

function textOf(node: Nodes): string {
  const out: string[] = [];
  collect(node, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

export function plainText(source: string): string {
  if (!source.trim()) return '';
  return textOf(processor.runSync(processor.parse(source)) as Nodes);
}

/** A block of admin rich text, as a document lays it out (the course brochure). */
export type TextBlock = { kind: 'heading' | 'paragraph' | 'item'; text: string } | { kind: 'table'; rows: string[][] };

function blocks(node: Nodes, out: TextBlock[]): void {
  if (node.type === 'element') {
    if (NOT_TEXT.has(node.tagName)) return;
    if (/^h[1-6]$/.test(node.tagName)) return void out.push({ kind: 'heading', text: textOf(node) });
    if (node.tagName === 'p') return void out.push({ kind: 'paragraph', text: textOf(node) });
    if (node.tagName === 'li') return void out.push({ kind: 'item', text: textOf(node) });
    if (node.tagName === 'table') {
      const rows: string[][] = [];
      const walk = (inner: Nodes) => {
        if (inner.type !== 'element' && inner.type !== 'root') return;
        if (inner.type === 'element' && inner.tagName === 'tr')
          return void rows.push(
            inner.children.flatMap((cell) =>
              cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th') ? [textOf(cell)] : [],
            ),
          );
        for (const child of inner.children) walk(child);
      };
      walk(node);
      return void (rows.length > 0 && out.push({ kind: 'table', rows }));
    }
  }
  if (node.type === 'element' || node.type === 'root') for (const child of node.children) blocks(child, out);
}

/** Admin rich text as headings, paragraphs, list items and tables of plain text, in reading order. */
export function textBlocks(source: string): TextBlock[] {
  if (!source.trim()) return [];
  const out: TextBlock[] = [];
  blocks(processor.runSync(processor.parse(source)) as Nodes, out);
  return out.filter((block) => block.kind === 'table' || block.text !== '');
}

/**
 * A paragraph that only lists labelled facts ("Course code: LD-101 · Category: Leadership · 5 days",
 * "Duration: 5 days"): data the page states elsewhere, not a summary of what the course is.
 */
function isFactsLine(text: string): boolean {
  const parts = text.split(/\s+[·|•]\s+/).filter(Boolean);
  const labelled = parts.filter((part) => /^[\p{L}\p{N}][\p{L}\p{N} '’&/()-]{0,40}:\s*\S/u.test(part));
  return labelled.length > 0 && (parts.length > 1 || !/[.!?]$/.test(text));
}

function paragraphs(node: Nodes, out: string[]): void {
  if (node.type === 'element' && node.tagName === 'p') out.push(textOf(node));
  else if (node.type === 'element' || node.type === 'root') {
    if (node.type === 'element' && (NOT_TEXT.has(node.tagName) || node.tagName === 'table')) return;
    for (const child of node.children) paragraphs(child, out);
  }
}

/**
 * What a course is, in its own words: the first sentence of the first paragraph of its rich text that is
 * prose, not a line of labelled facts (code, category, duration) nor a heading. "" when the text has none.
 * Search engines show about 60 characters of a course's description: they should be about the course.
 */
export function courseSummary(source: string): string {
  // block by block (blank-line separated), so that the usual text costs the parse of its first two short
  // blocks rather than of the whole page: the search index reads every course's summary in its crawl
  const blocks = source.split(/\n[ \t]*\n/).slice(0, MAX_SUMMARY_BLOCKS);
  for (const block of blocks) {
    if (!block.trim() || NOT_PROSE_BLOCK.test(block)) continue;
    const summary = summaryOfBlock(block);
    if (summary) return summary;
  }
  return '';
}

/** How far into a text a summary is looked for. */
const MAX_SUMMARY_BLOCKS = 8;
/** Markdown blocks that are never prose: headings, lists, tables, quotes, code. */
const NOT_PROSE_BLOCK = /^\s*(#{1,6}\s|[-*+]\s|\d+[.)]\s|\||>|```|<(table|ul|ol|h[1-6])\b)/i;

function summaryOfBlock(source: string): string {
  const tree = processor.runSync(processor.parse(source)) as Nodes;
  const found: string[] = [];
  paragraphs(tree, found);
  const prose = found.find((text) => text.split(' ').length >= 3 && !isFactsLine(text));
  if (prose) return firstSentence(prose);
  if (found.length > 0) return '';
  // no paragraphs (raw HTML in divs, say): the first sentence of its text outside headings, lists and tables
  const sentence = firstSentence(textOf(withoutStructure(tree)));
  return sentence && !isFactsLine(sentence) ? sentence : '';
}

const STRUCTURE = /^(h[1-6]|table|ul|ol|dl)$/;

function withoutStructure(node: Nodes): Nodes {
  if (node.type !== 'element' && node.type !== 'root') return node;
  const children = node.children
    .filter((child) => !(child.type === 'element' && STRUCTURE.test(child.tagName)))
    .map((child) => withoutStructure(child));
  return { ...node, children } as Nodes;
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

/** Below this many characters, admin text alone does not say what a page is. */
const SELF_EXPLANATORY = 70;

/**
 * A meta description from admin rich text: its first sentence, or more of the text when that sentence is
 * too short to describe anything. `about` says what the page is (the page's own line, e.g. "Conferences and
 * summits organised by X."): it is the description when there is no text, and it leads when the whole text
 * is still too short to stand alone ("Welcome!" says nothing about the page).
 */
export function describeText(source: string | undefined, about: string): string {
  const text = source ? plainText(source) : '';
  if (!text) return about;
  const sentence = firstSentence(text);
  if (sentence.length >= SELF_EXPLANATORY) return sentence;
  if (text.length >= SELF_EXPLANATORY) return text;
  return `${about} ${text}`;
}

/** "a, b, c and 4 more" (a bounded list for a description). */
export function listOf(items: readonly string[], shown = 3): string {
  const names = items.map((item) => item.trim()).filter(Boolean);
  if (names.length <= 1) return names.join('');
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
