// Honest HTTP against the real built server: methods a page does not take are 405 with Allow, a client's
// mistake is a 4xx with a plain sentence (never a 500, never an internal message, never the page rendered
// as if nothing was posted), a 413 closes the connection, and /healthz details only for local or authorised
// callers. (HSTS is a security header: serving.spec.ts.)
import http from 'node:http';
import net from 'node:net';
import { expect, test } from './support/fixtures';
import { startPair } from './support/servers';

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** Any method, any body (fetch refuses TRACE and sets its own content types). */
function raw(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A plain sentence for a person: no page, no stack trace, no error class. */
function expectPlainMessage(answer: RawAnswer, what: string) {
  expect(answer.headers['content-type'], what).toMatch(/^text\/plain/);
  expect(answer.body, what).not.toMatch(/<html|<!doctype|Error:|at \w+ \(|TypeError|undefined/i);
  expect(answer.body.trim().length, what).toBeGreaterThan(10);
}

/** The contact form's server action, as the page itself names it (no-JS form fields carry its id). */
async function contactActionId(base: string): Promise<string> {
  const html = await (await fetch(`${base}/contact-us`)).text();
  const id = /([0-9a-f]+)#sendEnquiry/.exec(html.replaceAll('&quot;', '"'))?.[1];
  expect(id, 'the contact page names its action').toBeTruthy();
  return `/RSC/F/${id}/sendEnquiry.txt`;
}

const base = () => process.env.SITE_URL ?? '';

test.describe('methods', () => {
  for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
    test(`${method} on pages is 405 with Allow, not the page`, async () => {
      for (const [path, allow] of [
        ['/about', 'GET, HEAD'],
        ['/no-such-page', 'GET, HEAD'],
        ['/', 'GET, HEAD, POST'],
        ['/contact-us', 'GET, HEAD, POST'],
        ['/upcoming-training-course-details/101', 'GET, HEAD, POST'],
      ] as const) {
        const answer = await raw(base(), method, path, { body: method === 'TRACE' ? undefined : 'x=1' });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
        expectPlainMessage(answer, `${method} ${path}`);
      }
    });
  }

  test('POST to a page without a form is 405; a server action is called with POST only', async () => {
    const post = await raw(base(), 'POST', '/about', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const get = await raw(base(), 'GET', await contactActionId(base()));
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  test('GET and HEAD still answer pages', async () => {
    expect((await raw(base(), 'GET', '/about')).status).toBe(200);
    expect((await raw(base(), 'HEAD', '/contact-us')).status).toBe(200);
  });
});

test.describe('client mistakes are 4xx with a plain message', () => {
  test('a form post in another encoding than multipart is 415: nothing is silently dropped', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'firstName=Aisha&message=Please+call+me'],
      ['application/json', '{"firstName":"Aisha","message":"Please call me"}'],
      ['text/plain', 'firstName=Aisha'],
    ] as const) {
      const answer = await raw(base(), 'POST', '/contact-us', { headers: { 'content-type': type }, body });
      expect(answer.status, type).toBe(415);
      expectPlainMessage(answer, type);
      expect(answer.body, type).toMatch(/multipart\/form-data/);
    }
  });

  test('malformed multipart, and multipart that is not one of the forms, are 400', async () => {
    const malformed = await raw(base(), 'POST', '/contact-us', {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not multipart',
    });
    expect(malformed.status).toBe(400);
    expectPlainMessage(malformed, 'malformed multipart');

    for (const fields of [{ firstName: 'Aisha' }, { '$ACTION_ID_madeup#nothing': '' }]) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const response = await fetch(`${base()}/contact-us`, { method: 'POST', body: form });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  test('an unknown server action is 404 and a garbage body to a real one is 400', async () => {
    for (const path of ['/RSC/F/madeup/action.txt', '/RSC/F/abc%23x/foo', '/RSC/F/.txt']) {
      const answer = await raw(base(), 'POST', path, { headers: { 'content-type': 'text/plain' }, body: '[]' });
      expect(answer.status, path).toBe(404);
      expectPlainMessage(answer, path);
    }
    const action = await contactActionId(base());
    for (const [type, body] of [
      ['text/plain;charset=UTF-8', '{"this is": not json'],
      ['text/plain;charset=UTF-8', '["$Q999"]'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
    ] as const) {
      const answer = await raw(base(), 'POST', action, { headers: { 'content-type': type }, body });
      expect(answer.status, body).toBe(400);
      expectPlainMessage(answer, body);
    }
  });

  test('unreadable addresses are 4xx, not 500', async () => {
    for (const [path, status] of [
      ['/%E0%A4%A', 400],
      ['/RSC/R/x', 404],
      ['/RSC/zzz.txt', 404],
    ] as const) {
      const answer = await raw(base(), 'GET', path);
      expect(answer.status, path).toBe(status);
      expectPlainMessage(answer, path);
    }
  });

  test('a real form post still reaches its action (the checks refuse only mistakes)', async ({ browser }) => {
    // without JavaScript the form posts multipart to the page; an empty one comes back with its messages
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base() });
    const page = await context.newPage();
    await page.goto('/contact-us');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByRole('group', { name: /^Please correct \d+ fields$/ })).toBeVisible();
    await context.close();
  });
});

test('a 413 says Connection: close and the server closes the connection', async () => {
  const { port, hostname } = new URL(base());
  const socket = net.connect(Number(port), hostname);
  const received: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (chunk) => received.push(chunk));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // announce a 10 MB enquiry, send a little of it, and wait: the answer must not wait for the rest
  socket.write(
    'POST /contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
      `Content-Length: ${10 * 1024 * 1024}\r\nConnection: keep-alive\r\n\r\n--x\r\n`,
  );
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  socket.destroy();
  const answer = Buffer.concat(received).toString('latin1');
  expect(answer).toMatch(/^HTTP\/1\.1 413/);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
});

test.describe('/healthz', () => {
  const token = 'healthz-token-for-the-e2e-tests';
  let pair: Awaited<ReturnType<typeof startPair>>;
  test.beforeAll(async () => {
    pair = await startPair({ env: { HEALTHZ_TOKEN: token, TRUST_PROXY: '1' } });
  });
  test.afterAll(async () => {
    await pair.stop();
  });

  test('/healthz: ok/degraded for the public, details for local callers and the token', async () => {
    const local = JSON.parse((await raw(pair.site.url, 'GET', '/healthz')).body);
    expect(local.status).toBe('ok');
    expect(local.admin.reachable).toBe(true);
    expect(local.cache).toBeDefined();

    // through a proxy (a forwarding header), the caller is the public
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    const publicAnswer = await raw(pair.site.url, 'GET', '/healthz', { headers: forwarded });
    expect(publicAnswer.status).toBe(200);
    expect(JSON.parse(publicAnswer.body)).toEqual({ status: 'ok' });
    const wrongToken = await raw(pair.site.url, 'GET', '/healthz', {
      headers: { ...forwarded, authorization: 'Bearer not-the-token-at-all' },
    });
    expect(JSON.parse(wrongToken.body)).toEqual({ status: 'ok' });

    const authorised = JSON.parse(
      (await raw(pair.site.url, 'GET', '/healthz', { headers: { ...forwarded, authorization: `Bearer ${token}` } }))
        .body,
    );
    expect(authorised.admin.reachable).toBe(true);
    expect(authorised.cache.entries).toEqual(expect.any(Number));
  });
});
