// Server-only: renders admin-authored rich text (Markdown with raw HTML) to
// React elements. Never ships the Markdown/HTML pipeline to the browser.
import 'server-only';
import type { Element, Root, RootContent } from 'hast';
import { toJsxRuntime, type Jsx } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { imageSources, type ImageKey } from '../images/image-reference';
import { safeUrl, urlScheme } from './safe-url';
import { sanitizeSchema } from './sanitize-schema';

function walkElements(node: Root | RootContent, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walkElements(child, visit);
}

/**
 * Runs after rehype-sanitize. Applies the spec's URL rule to `a[href]` and
 * `img[src]` (forbidden scheme → value ""), and adds the usual link/image
 * attributes (a picture's sized variants come after, from offerImageSizes).
 */
function rehypeSafeUrls() {
  return (tree: Root): void => {
    walkElements(tree, (element) => {
      const props = element.properties;
      if (element.tagName === 'a' && props.href != null) {
        props.href = safeUrl(String(props.href));
        const scheme = urlScheme(props.href);
        // External links do not get our window or our URL as referrer.
        // `target` is not forced (sanitize drops it anyway).
        if (scheme === 'http' || scheme === 'https' || props.href.startsWith('//')) {
          props.rel = ['noopener', 'noreferrer'];
        }
      }
      if (element.tagName === 'img') {
        if (props.src != null) {
          props.src = safeUrl(String(props.src));
          // Spec: a forbidden address becomes "". React 19 never renders an
          // empty `src` (it omits it and logs an error, since `src=""` can
          // make browsers re-request the page), so drop it here to the same
          // effect without the noise.
          if (props.src === '') delete props.src;
        }
        if (props.alt == null) props.alt = '';
        props.loading = 'lazy';
        props.decoding = 'async';
      }
    });
  };
}

const processor = unified()
  .use(remarkParse)
  // Admins write tables, autolinks and strikethrough the GitHub way.
  .use(remarkGfm)
  // Raw HTML is allowed by the spec: keep it, re-parse it with parse5
  // (rehype-raw), then sanitize the resulting tree.
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeSafeUrls);

/**
 * An admin's photo in the text is offered at the text column's widths (record 026), signed with the site's
 * key; `src` stays as the admin wrote it (browsers that read srcset never fetch it).
 */
function offerImageSizes(tree: Root, key: ImageKey): void {
  walkElements(tree, (element) => {
    const { properties } = element;
    if (element.tagName !== 'img' || typeof properties.src !== 'string') return;
    const { srcSet, sizes } = imageSources(properties.src, 'richTextImage', key);
    // beside `src`, where a reader of the markup looks for them
    if (srcSet) element.properties = { src: properties.src, srcSet, sizes, ...properties };
  });
}

/**
 * Demotes the admin's headings so the highest one is one level below the heading of the section the text
 * sits in (`underHeading`): a page has one h1, and a section's text never outranks its own title.
 */
function nestHeadings(tree: Root, underHeading: number): void {
  const headings: Element[] = [];
  walkElements(tree, (element) => {
    if (/^h[1-6]$/.test(element.tagName)) headings.push(element);
  });
  if (headings.length === 0) return;
  const highest = Math.min(...headings.map((heading) => Number(heading.tagName[1])));
  const shift = underHeading + 1 - highest;
  if (shift <= 0) return;
  for (const heading of headings) heading.tagName = `h${Math.min(6, Number(heading.tagName[1]) + shift)}`;
}

/** The text a reader sees in `node` (whitespace collapsed). */
function textOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (!('children' in node)) return '';
  return node.children
    .map(textOf)
    .join(node.type === 'element' && /^(tr|thead|tbody|table)$/.test(node.tagName) ? ' ' : '')
    .replace(/\s+/g, ' ')
    .trim();
}

function childElement(node: Element, tagName: string): Element | undefined {
  return node.children.find((child): child is Element => child.type === 'element' && child.tagName === tagName);
}

/** The column headers of a table's first row ("Day, Focus"), or "" when it has none. */
function headerNames(table: Element): string {
  const section = childElement(table, 'thead') ?? childElement(table, 'tbody') ?? table;
  const firstRow = childElement(section, 'tr');
  if (!firstRow) return '';
  return firstRow.children
    .filter((cell): cell is Element => cell.type === 'element' && cell.tagName === 'th')
    .map(textOf)
    .filter(Boolean)
    .join(', ');
}

/**
 * Every table gets a name, because a screen reader announces a table by it (record 025): its own caption;
 * else the heading just above it (the sanitizer drops admin `aria-*`, so the label is ours); else its column
 * headers. A heading names one table only, the first after it.
 */
function tableName(table: Element, heading: string | undefined): string {
  const caption = childElement(table, 'caption');
  if (caption) return textOf(caption) || 'Table';
  const name = heading || (headerNames(table) ? `Table: ${headerNames(table)}` : 'Table');
  table.properties.ariaLabel = name;
  return name;
}

/**
 * A table is as wide as its words: on a phone it scrolls sideways in its own box instead of breaking words
 * mid-word or widening the page. The box can be scrolled from the keyboard (focusable, named region), and
 * it and its table carry the table's name.
 */
function wrapTables(node: Root | Element, inherited: { heading: string | undefined } = { heading: undefined }): void {
  const context = inherited;
  node.children = node.children.map((child) => {
    if (child.type !== 'element') return child;
    if (/^h[1-6]$/.test(child.tagName)) {
      context.heading = textOf(child) || undefined;
      return child;
    }
    if (child.tagName !== 'table') {
      wrapTables(child, context);
      return child;
    }
    const name = tableName(child, context.heading);
    context.heading = undefined;
    const box: Element = {
      type: 'element',
      tagName: 'div',
      // no class: admin markup never carries one, so the site's CSS finds the box by its role (the sanitizer
      // drops `role` from admin markup)
      properties: { role: 'region', tabIndex: 0, ariaLabel: name },
      children: [child],
    };
    return box;
  }) as Element['children'];
}

/**
 * Renders one rich-text field. Never throws: if anything in the pipeline
 * fails, the source is returned as plain (React-escaped) text.
 */
export function renderRichText(
  source: string,
  { underHeading = 1, imageKey = null }: { underHeading?: number; imageKey?: ImageKey } = {},
): ReactNode {
  try {
    const tree = processor.runSync(processor.parse(source));
    nestHeadings(tree, underHeading);
    offerImageSizes(tree, imageKey);
    wrapTables(tree);
    // React's jsx/jsxs types are narrower than the generic `Jsx` signature.
    return toJsxRuntime(tree, { Fragment, jsx: jsx as Jsx, jsxs: jsxs as Jsx });
  } catch {
    return source;
  }
}
