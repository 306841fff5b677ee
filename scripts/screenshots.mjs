#!/usr/bin/env node
// `npm run screenshots`: full-page screenshots of the key screens at 375 px and 1440 px, from the production
// build against the demo admin, into test-results/screenshots/ (or the folder given as the first argument).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { DEMO_SITE_IDENTITY } from './demo-admin/identity.mjs';
import { startDemoAdmin } from './demo-admin/server.mjs';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'test-results', 'screenshots'));
mkdirSync(outDir, { recursive: true });

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const admin = await startDemoAdmin({ port: 0 });
const site = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), 'start'], {
  cwd: root,
  // the demo admin's content speaks for the demo provider, so the site does too
  env: { ...DEMO_SITE_IDENTITY, ...process.env, HOST: '127.0.0.1', PORT: String(port), ADMIN_API_URL: admin.url },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
let browser;
try {
  for (let i = 0; ; i += 1) {
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch {
      if (i > 100) throw new Error('site did not start (did you run `npm run build`?)');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const category = await (await fetch(`${admin.url}/upcoming-training/details/101`)).json();
  const slug = category.data.training_course.find(Boolean)?.slug;
  const screens = {
    home: '/',
    'course-details': '/upcoming-training-course-details/101',
    'sub-course': `/subCourse-details/${slug}`,
    gallery: '/gallery',
    'contact-us': '/contact-us',
    search: '/search?q=management',
  };
  const found = await findChromium();
  browser = await chromium.launch(
    found && !found.own
      ? {
          executablePath: found.path,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        }
      : {},
  );
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
    for (const [name, route] of Object.entries(screens)) {
      await page.goto(`${base}${route}`);
      // scroll through once so lazy images load, as they would for a visitor reading down the page
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser?.close();
  site.kill('SIGTERM');
  await admin.close();
}
