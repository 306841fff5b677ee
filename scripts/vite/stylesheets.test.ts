import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachClientStylesheet, fixStylesheetPreloadHint, markFirst, moveMarkedFirst } from './stylesheets';

const require = createRequire(import.meta.url);

describe('fixStylesheetPreloadHint', () => {
  it("gives React 19.2's server-component stylesheet hints a valid `as`", () => {
    // the very code the rsc build bundles
    const file = path.join(
      path.dirname(require.resolve('react-server-dom-webpack/package.json')),
      'cjs/react-server-dom-webpack-server.edge.production.js',
    );
    const code = readFileSync(file, 'utf8');
    const fixed = fixStylesheetPreloadHint(code);
    if (code.includes('preload(srcSet, "stylesheet",')) {
      expect(fixed).toBeDefined();
      expect(fixed).not.toContain('"stylesheet",');
      expect(fixed).toContain('case "stylesheet":\n            preload(srcSet, "style", {');
    } else {
      // React fixed it upstream (19.3): then the plugin's transform has nothing left to do and can go
      expect(fixed).toBeUndefined();
    }
  });

  it('changes nothing else', () => {
    expect(fixStylesheetPreloadHint('link.rel = "stylesheet"; preload(href, "image", {});')).toBeUndefined();
    expect(fixStylesheetPreloadHint('a(); preload(href, "stylesheet", { x }); preload(other, "stylesheet", {})')).toBe(
      'a(); preload(href, "style", { x }); preload(other, "style", {})',
    );
  });
});

describe('attachClientStylesheet', () => {
  const chunk = (name: string, isEntry: boolean) => ({
    type: 'chunk' as const,
    name,
    isEntry,
    viteMetadata: { importedCss: new Set<string>() },
  });

  it("names the client's one stylesheet as a stylesheet of the entry chunk", () => {
    const index = chunk('index', true);
    const island = chunk('mobile-menu', false);
    const bundle = {
      'assets/index-1.js': index,
      'assets/mobile-menu-2.js': island,
      'assets/style-3.css': { type: 'asset' as const, fileName: 'assets/style-3.css', names: ['style.css'] },
      'assets/logo-4.svg': { type: 'asset' as const, fileName: 'assets/logo-4.svg', names: ['logo.svg'] },
    };
    expect(attachClientStylesheet(bundle)).toBe('assets/style-3.css');
    expect([...index.viteMetadata.importedCss]).toEqual(['assets/style-3.css']);
    expect(island.viteMetadata.importedCss.size).toBe(0);
  });

  it('does nothing when the client has no CSS, and refuses a bundle without the entry plugin-rsc needs', () => {
    const index = chunk('index', true);
    expect(attachClientStylesheet({ 'assets/index-1.js': index })).toBeUndefined();
    expect(index.viteMetadata.importedCss.size).toBe(0);
    expect(() =>
      attachClientStylesheet({
        'assets/main-1.js': chunk('main', true),
        'assets/style-3.css': { type: 'asset', fileName: 'assets/style-3.css', names: ['style.css'] },
      }),
    ).toThrow(/no `index` entry/);
  });
});

describe('markFirst and moveMarkedFirst', () => {
  it('put the global stylesheet back at the top of the bundle, as minified, without its marks', () => {
    const global = ':root{--space-3:1rem}.container{padding:0 var(--space-3)}';
    // what the bundle looks like after Vite's CSS pipeline: component styles first, marks minified
    const bundle = `._button_1{padding:.6rem}${markFirst(global).replace(/\n/g, '')}._wrap_2{padding-top:3rem}\n`;
    expect(bundle.indexOf(':root')).toBeGreaterThan(0);
    const moved = moveMarkedFirst(bundle);
    expect(moved).toBe(`${global}\n._button_1{padding:.6rem}._wrap_2{padding-top:3rem}\n`);
    expect(moved).not.toContain('site-first');
  });

  it('refuses a bundle that lost the marks or holds them twice, rather than ship the wrong order', () => {
    expect(() => moveMarkedFirst('._button_1{padding:.6rem}')).toThrow(/not found/);
    const twice = markFirst('a{b:c}') + markFirst('d{e:f}');
    expect(() => moveMarkedFirst(twice)).toThrow(/not found/);
  });
});
