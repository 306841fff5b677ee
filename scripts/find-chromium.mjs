// Which Chromium the e2e tests and benches drive: CHROMIUM_PATH if set, else Playwright's own browser if it was
// downloaded, else Debian's /usr/bin/chromium. Returns undefined when none is there.
import { existsSync } from 'node:fs';

export async function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    return existsSync(process.env.CHROMIUM_PATH) ? { path: process.env.CHROMIUM_PATH, own: false } : undefined;
  }
  const own = await playwrightsOwn();
  if (own) return own;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { path: candidate, own: false };
  }
  return undefined;
}

export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the e2e tests' pages open in: Chromium's headless shell where there is one. The shell is Chromium
 * without the desktop browser's drawing and compositing: on these 2-core machines the same 54 tests took 1.4 min
 * and 91 s of CPU in it, 2.6 min and 248 s in the full browser's headless mode (record 044). Playwright's own
 * download uses its shell by itself. What the shell lacks (the back/forward cache) is tested in `findChromium()`'s
 * browser. CHROMIUM_PATH, when set, is used for everything.
 */
export async function findTestBrowser() {
  if (!process.env.CHROMIUM_PATH && !(await playwrightsOwn()) && existsSync(DEBIAN_HEADLESS_SHELL)) {
    return { path: DEBIAN_HEADLESS_SHELL, own: false, shell: true };
  }
  return findChromium();
}

/**
 * Playwright's launch options for a browser found above. Debian's Chromium, run as root on a closed network,
 * needs these switches; Playwright's own needs none, but gives the full browser only when asked (`fullBrowser`).
 */
export function launchOptionsFor(found, { fullBrowser = false } = {}) {
  if (!found) return {};
  if (found.own) return fullBrowser ? { channel: 'chromium' } : {};
  return {
    executablePath: found.path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}

async function playwrightsOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own, own: true };
  } catch {
    // Playwright not installed yet, or no browser registry entry: fall through
  }
  return undefined;
}
