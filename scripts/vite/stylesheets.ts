/**
 * Vite plugin: two stylesheets per page instead of one per CSS module, and no invalid preload hints.
 *
 * Left alone, Waku 0.27 (through @vitejs/plugin-rsc) gives every CSS module its own file and the page one
 * render-blocking <link> per module it uses (11 on the home page), and React 19.2's server renderer announces
 * each server-component stylesheet with `<link rel="preload" as="stylesheet">`, an `as` browsers reject with a
 * console warning. See docs/decisions/019-two-stylesheets-per-page.md for the options weighed.
 *
 * - Server components' CSS becomes one file: plugin-rsc supports `cssCodeSplit: false` in its `rsc` build and
 *   then lists that file as every server module's stylesheet. The global stylesheet is moved to its top, so
 *   components' rules still follow (and win ties against) the global ones, as they did as separate files.
 * - Client components' CSS becomes a second file: Vite bundles it with `cssCodeSplit: false`, and this plugin
 *   names it as a stylesheet of the client entry, which plugin-rsc adds to every client island's assets.
 * - The preload hint gets the valid `as="style"` (the fix React 19.3 ships).
 * Every page links the same two immutable, hashed files, so after the first page they come from the cache.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** Vite's name for the single stylesheet it writes when CSS is not split per chunk. */
const CSS_BUNDLE_NAME = 'style.css';

/** React 19.2's Flight server: `case "stylesheet": preload(href, "stylesheet", ...)`. */
const INVALID_STYLESHEET_PRELOAD = /\bpreload\((\w+), "stylesheet",/g;

/** The code with the hint fixed, or undefined when there is nothing to fix (e.g. React 19.3 or later). */
export function fixStylesheetPreloadHint(code: string): string | undefined {
  const fixed = code.replace(INVALID_STYLESHEET_PRELOAD, (_match, href: string) => `preload(${href}, "style",`);
  return fixed === code ? undefined : fixed;
}

// Marks made of rules, not comments: the CSS pipeline drops comments, even `/*!` ones, but keeps every rule.
const FIRST_START = '.site-first-stylesheet-start{--site-mark:0}';
const FIRST_END = '.site-first-stylesheet-end{--site-mark:0}';
const MARK = /\.site-first-stylesheet-(start|end)\s*\{\s*--site-mark:\s*0;?\s*\}/g;

/** Marks a stylesheet's CSS so it can be found again in the bundle. */
export function markFirst(css: string): string {
  return `${FIRST_START}\n${css}\n${FIRST_END}`;
}

/**
 * Moves the marked stylesheet to the top of the bundle and drops the marks. Vite concatenates CSS in chunk
 * order, so the global stylesheet may land after component styles and win ties it used to lose (`.container`
 * would undo a component's padding on the same element).
 */
export function moveMarkedFirst(bundleCss: string): string {
  const marks = [...bundleCss.matchAll(MARK)];
  const [start, end] = marks;
  if (marks.length !== 2 || start?.[1] !== 'start' || end?.[1] !== 'end') {
    throw new Error('stylesheets: the global stylesheet was not found (once) in the CSS bundle');
  }
  const first = bundleCss.slice(start.index + start[0].length, end.index).trim();
  const rest = (bundleCss.slice(0, start.index) + bundleCss.slice(end.index + end[0].length)).trim();
  return `${first}\n${rest}\n`;
}

type BundleOutput =
  | { type: 'asset'; fileName: string; names: readonly string[]; source?: string | Uint8Array }
  | { type: 'chunk'; name: string; isEntry: boolean; viteMetadata?: { importedCss: Set<string> } };

/**
 * Name the client's single stylesheet as a stylesheet of the client entry chunk (`index`), where plugin-rsc
 * looks for the CSS every island needs. Returns the stylesheet's file name, if the client has any CSS.
 */
export function attachClientStylesheet(bundle: Record<string, BundleOutput>): string | undefined {
  const stylesheet = cssBundle(bundle);
  if (!stylesheet) return undefined;
  const entry = Object.values(bundle).find(
    (output): output is Extract<BundleOutput, { type: 'chunk' }> =>
      output.type === 'chunk' && output.isEntry && output.name === 'index',
  );
  if (!entry?.viteMetadata) throw new Error('stylesheets: the client build has no `index` entry chunk');
  entry.viteMetadata.importedCss.add(stylesheet.fileName);
  return stylesheet.fileName;
}

/** The bundle's single stylesheet asset, if any. */
function cssBundle(bundle: Record<string, BundleOutput>) {
  return Object.values(bundle).find(
    (output): output is Extract<BundleOutput, { type: 'asset' }> =>
      output.type === 'asset' && output.names.includes(CSS_BUNDLE_NAME),
  );
}

/** `first`: the stylesheet every other one builds on (the global one), put at the top of the server bundle. */
export function stylesheets({ first }: { first: string }): Plugin {
  const firstId = path.resolve(first);
  return {
    name: 'site:stylesheets',
    configEnvironment(name) {
      if (name === 'rsc' || name === 'client') return { build: { cssCodeSplit: false } };
      return undefined;
    },
    transform: {
      filter: { id: [/react-server-dom-webpack/, /\.css(\?|$)/] },
      handler(code, id) {
        if (this.environment.name !== 'rsc') return undefined;
        if (id.split('?')[0] === firstId) return { code: markFirst(code), map: null };
        if (!id.includes('react-server-dom-webpack')) return undefined;
        const fixed = fixStylesheetPreloadHint(code);
        return fixed === undefined ? undefined : { code: fixed, map: null };
      },
    },
    generateBundle: {
      // after Vite's CSS plugin has written style.css, before plugin-rsc (listed after us) reads the entry's CSS
      order: 'post',
      handler(_options, bundle) {
        const outputs = bundle as unknown as Record<string, BundleOutput>;
        if (this.environment.name === 'rsc') {
          const css = cssBundle(outputs);
          if (css) css.source = moveMarkedFirst(String(css.source));
        }
        if (this.environment.name === 'client') attachClientStylesheet(outputs);
      },
    },
  };
}
