/**
 * Vite plugin: two stylesheets per page instead of one per CSS module, and no invalid preload hints.
 *
 * Left alone, Waku 0.27 (through @vitejs/plugin-rsc) gives every CSS module its own file and the page one
 * render-blocking <link> per module it uses (11 on the home page), and React 19.2's server renderer announces
 * each server-component stylesheet with `<link rel="preload" as="stylesheet">`, an `as` browsers reject with a
 * console warning. See docs/decisions/two-stylesheets-per-page.md for the options weighed.
 *
 * - Server components' CSS (global.css included) becomes one file: plugin-rsc supports `cssCodeSplit: false` in
 *   its `rsc` build and then lists that file as every server module's stylesheet.
 * - Client components' CSS becomes a second file: Vite bundles it with `cssCodeSplit: false`, and this plugin
 *   names it as a stylesheet of the client entry, which plugin-rsc adds to every client island's assets.
 * - The preload hint gets the valid `as="style"` (the fix React 19.3 ships).
 * Every page links the same two immutable, hashed files, so after the first page they come from the cache.
 */
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

type BundleOutput =
  | { type: 'asset'; fileName: string; names: readonly string[] }
  | { type: 'chunk'; name: string; isEntry: boolean; viteMetadata?: { importedCss: Set<string> } };

/**
 * Name the client's single stylesheet as a stylesheet of the client entry chunk (`index`), where plugin-rsc
 * looks for the CSS every island needs. Returns the stylesheet's file name, if the client has any CSS.
 */
export function attachClientStylesheet(bundle: Record<string, BundleOutput>): string | undefined {
  const outputs = Object.values(bundle);
  const stylesheet = outputs.find(
    (output): output is Extract<BundleOutput, { type: 'asset' }> =>
      output.type === 'asset' && output.names.includes(CSS_BUNDLE_NAME),
  );
  if (!stylesheet) return undefined;
  const entry = outputs.find(
    (output): output is Extract<BundleOutput, { type: 'chunk' }> =>
      output.type === 'chunk' && output.isEntry && output.name === 'index',
  );
  if (!entry?.viteMetadata) throw new Error('stylesheets: the client build has no `index` entry chunk');
  entry.viteMetadata.importedCss.add(stylesheet.fileName);
  return stylesheet.fileName;
}

export function stylesheets(): Plugin {
  return {
    name: 'site:stylesheets',
    configEnvironment(name) {
      if (name === 'rsc' || name === 'client') return { build: { cssCodeSplit: false } };
      return undefined;
    },
    transform: {
      filter: { id: /react-server-dom-webpack/, code: '"stylesheet"' },
      handler(code) {
        if (this.environment.name !== 'rsc') return undefined;
        const fixed = fixStylesheetPreloadHint(code);
        return fixed === undefined ? undefined : { code: fixed, map: null };
      },
    },
    generateBundle: {
      // after Vite's CSS plugin has written style.css, before plugin-rsc (listed after us) reads the entry's CSS
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        attachClientStylesheet(bundle as unknown as Record<string, BundleOutput>);
      },
    },
  };
}
