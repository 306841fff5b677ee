#!/usr/bin/env node
// `npm start` (production build) and `npm run dev`: serve the site, starting the embedded demo admin
// (and the demo provider's identity) when ADMIN_API_URL is not set, and with it a mail catcher that keeps
// every email the site sends in var/demo-mail/*.eml (unless SMTP_URL is set). Honours HOST, PORT,
// ADMIN_API_URL and SMTP_URL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
const port = process.env.PORT || (mode === 'dev' ? '3000' : '8080');
const host = process.env.HOST || '';

if (!process.env.ADMIN_API_URL) {
  const { startDemoAdmin } = await import('./demo-admin/server.mjs');
  const { DEMO_SITE_IDENTITY } = await import('./demo-admin/identity.mjs');
  const admin = await startDemoAdmin({
    port: Number(process.env.DEMO_ADMIN_PORT || 0),
    courses: Number(process.env.DEMO_COURSES || 0),
    ...(process.env.DEMO_CATEGORY_SIZE ? { categorySize: Number(process.env.DEMO_CATEGORY_SIZE) } : {}),
    descriptionChars: Number(process.env.DEMO_DESCRIPTION_CHARS || 0),
    photos: process.env.DEMO_PHOTOS === '1',
  });
  process.env.ADMIN_API_URL = admin.url;
  // The demo content speaks for the demo provider, so the site does too (unless told otherwise). Only here:
  // a site pointed at a real admin never borrows the demo's name, address or hours.
  for (const [key, value] of Object.entries(DEMO_SITE_IDENTITY)) process.env[key] ||= value;
  console.log(`ADMIN_API_URL is not set: using the embedded DEMO admin at ${admin.url}`);
  if (!process.env.SMTP_URL) await startDemoMail();
}

/**
 * The demo's enquiries go somewhere a newcomer can open: a real SMTP server in this process (the site
 * talks SMTP to it like to any mail server) writes each message to var/demo-mail/<time>.eml.
 */
async function startDemoMail() {
  const dir = path.join(root, 'var', 'demo-mail');
  let catcher;
  try {
    const { startMailCatcher } = await import('./demo-mail/mail-catcher.mjs');
    catcher = await startMailCatcher({
      dir,
      onMail: (mail) =>
        console.log(`demo mail: ${path.relative(process.cwd(), mail.file)} (to ${mail.envelope.to.join(', ')})`),
    });
  } catch (error) {
    console.log(`The demo mail catcher did not start (${error.message}): enquiries stay in the outbox only.`);
    return;
  }
  process.env.SMTP_URL = catcher.url;
  process.env.ENQUIRY_EMAIL_TO ||= 'enquiries@demo.example';
  process.env.ENQUIRY_EMAIL_FROM ||= 'website@demo.example';
  console.log(
    `SMTP_URL is not set: the DEMO mail catcher at ${catcher.url} keeps every email the site sends in ${path.relative(process.cwd(), dir) || dir}/*.eml`,
  );
}

if (mode === 'start') {
  const distDir = path.join(root, process.env.WAKU_DIST_DIR || 'dist');
  if (!existsSync(path.join(distDir, 'server', 'index.js'))) {
    console.error('No production build found: run `npm run build` first.');
    process.exit(1);
  }
  const { startNodeServer } = await import('./node-server/start.mjs');
  const site = await startNodeServer({ distDir, host, port }).catch((error) => {
    console.error(`The site did not start: ${error.message}`);
    process.exit(1);
  });
  const stop = () => {
    setTimeout(() => site.cutConnections(), 2000).unref(); // streams still open after 2 s are cut
    // the crawl's last save (tens of MB on a large catalogue, seconds on a busy machine) and its lease's
    // release may take longer: a lease left behind keeps the next server from crawling until it lapses
    setTimeout(() => process.exit(0), 20_000).unref();
    site.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Site ready on http://${host || 'localhost'}:${port}/`);
} else {
  // waku's own CLI, not through npx: a signal sent here then reaches the dev server itself (npx passes it to a
  // shell that leaves the server running, on the port, after this process has gone)
  const cli = path.join(root, 'node_modules/waku/cli.js');
  const args = [cli, 'dev', '--port', port, ...(host ? ['--host', host] : [])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
