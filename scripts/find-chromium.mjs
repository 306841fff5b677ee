// Which Chromium the e2e tests drive: CHROMIUM_PATH if set, else Playwright's own browser if it was
// downloaded, else Debian's /usr/bin/chromium. Returns undefined when none is there.
import { existsSync } from 'node:fs';

export async function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    return existsSync(process.env.CHROMIUM_PATH) ? { path: process.env.CHROMIUM_PATH, own: false } : undefined;
  }
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own, own: true };
  } catch {
    // Playwright not installed yet, or no browser registry entry: fall through
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { path: candidate, own: false };
  }
  return undefined;
}
