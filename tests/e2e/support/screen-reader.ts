// What a screen reader says, computed from the accessibility tree by @guidepup/virtual-screen-reader running
// in the page itself (real Chromium, the built site). It follows the focus, reads live regions as they change
// and walks the page item by item like a screen reader's virtual cursor. It is a stand-in for NVDA or
// VoiceOver, which cannot run here; its phrases are the ones the accessibility tree gives them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);

/** The browser build, with its `export { … as virtual }` turned into a global the test can reach. */
const bundle = (() => {
  const source = readFileSync(require.resolve('@guidepup/virtual-screen-reader/browser.js'), 'utf8');
  const exported = /export\s*\{([^}]*)\}\s*;?/.exec(source);
  const local = exported?.[1]
    ?.split(',')
    .map((pair) => pair.trim().split(/\s+as\s+/))
    .find(([, name]) => name === 'virtual')?.[0];
  if (!exported || !local) throw new Error('@guidepup/virtual-screen-reader: no `virtual` export in its browser build');
  return `${source.slice(0, exported.index)}globalThis.__screenReader = ${local};${source.slice(exported.index + exported[0].length)}`;
})();

type Command = 'next' | 'previous' | 'act' | 'interact' | 'stopInteracting';

export type ScreenReader = {
  /** Everything spoken since the start (or the last `clear`), phrase by phrase. */
  spoken(): Promise<string[]>;
  clear(): Promise<void>;
  /** Move the virtual cursor (like the screen reader's arrow keys) `times` times and return what it said. */
  perform(command: Command, times?: number): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * Start the virtual screen reader on the open page. The page's strict CSP refuses an injected script, so the
 * spec using this runs with `bypassCSP: true` (a test-only setting of the browser context, not of the site).
 */
export async function startScreenReader(page: Page): Promise<ScreenReader> {
  await page.addScriptTag({ content: bundle, type: 'module' });
  await page.waitForFunction(() => '__screenReader' in globalThis);
  await page.evaluate(() =>
    (globalThis as unknown as { __screenReader: { start(o: object): Promise<void> } }).__screenReader.start({
      container: document.body,
    }),
  );
  const call = <T>(method: string, ...args: unknown[]) =>
    page.evaluate(
      ([name, rest]) => {
        const reader = (globalThis as unknown as { __screenReader: Record<string, (...a: unknown[]) => unknown> })
          .__screenReader;
        return reader[name as string]!(...(rest as unknown[]));
      },
      [method, args] as const,
    ) as Promise<T>;
  return {
    spoken: () => call<string[]>('spokenPhraseLog'),
    clear: () => call<void>('clearSpokenPhraseLog'),
    async perform(command, times = 1) {
      const before = (await call<string[]>('spokenPhraseLog')).length;
      for (let i = 0; i < times; i += 1) await call<void>(command);
      return (await call<string[]>('spokenPhraseLog')).slice(before);
    },
    stop: () => call<void>('stop'),
  };
}
