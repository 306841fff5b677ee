import { describe, expect, test } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  isCrossSiteWrite,
  isHttpsRequest,
  mediaOriginsFrom,
  scriptNonceRewrite,
  securityHeaders,
} from './security-headers';
import { htmlRewriteStream } from '../html/html-rewrite';

describe('content security policy', () => {
  test('allows self, the nonce and the media origins, and nothing else', () => {
    const csp = contentSecurityPolicy({ mediaOrigins: ['https://admin.example.com'], nonce: 'abc' });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("img-src 'self' data: https: https://admin.example.com");
    expect(csp).toContain("media-src 'self' data: https: https://admin.example.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('images and video from any https: host (and an http: admin) display; scripts still only from the site', () => {
    const csp = contentSecurityPolicy({ mediaOrigins: ['http://127.0.0.1:4000'] });
    expect(csp).toContain("img-src 'self' data: https: http://127.0.0.1:4000;");
    expect(csp).toContain("media-src 'self' data: https: http://127.0.0.1:4000;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });

  test('a completed page lists the hashes of its inline scripts and no nonce', () => {
    const csp = contentSecurityPolicy({ mediaOrigins: [], scriptHashes: ['sha256-AAA=', 'sha256-BBB='] });
    expect(csp).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=';");
    expect(csp).not.toContain('nonce');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('HSTS only when the visitor came over HTTPS; X-Forwarded-Proto counts only from a trusted proxy', () => {
    expect(securityHeaders({ mediaOrigins: [], https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders({ mediaOrigins: [] })).not.toHaveProperty('strict-transport-security');
    const forwarded = new Request('http://site.test/', { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(isHttpsRequest(new Request('https://site.test/'), 0)).toBe(true);
    expect(isHttpsRequest(forwarded, 0)).toBe(false);
    expect(isHttpsRequest(forwarded, 1)).toBe(true);
    expect(isHttpsRequest(new Request('http://site.test/', { headers: { 'x-forwarded-proto': 'http' } }), 1)).toBe(
      false,
    );
    expect(isHttpsRequest(new Request('http://site.test/'), 1)).toBe(false);
  });

  test('every response gets the full header set', () => {
    const headers = securityHeaders({ mediaOrigins: [] });
    expect(Object.keys(headers).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ]);
  });

  test('media origins come from the admin URL and the extra list', () => {
    expect(
      mediaOriginsFrom('https://admin.example.com/api', ['https://cdn.example.net', 'https://admin.example.com']),
    ).toEqual(['https://admin.example.com', 'https://cdn.example.net']);
    expect(mediaOriginsFrom(undefined, [])).toEqual([]);
  });

  test('nonces are fresh and long', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});

async function pipe(chunks: string[], nonce: string) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const out: string[] = [];
  const reader = source.pipeThrough(htmlRewriteStream([scriptNonceRewrite(nonce)])).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(decoder.decode(value));
  }
  return out;
}

describe('script nonce stream', () => {
  test('stamps every script tag, also when a tag is split across chunks', async () => {
    const out = await pipe(['<p>a</p><scr', 'ipt>x()</script><script id="_R_">y', '</script><', 'script>'], 'N');
    expect(out.join('')).toBe(
      '<p>a</p><script nonce="N">x()</script><script nonce="N" id="_R_">y</script><script nonce="N">',
    );
  });

  test('keeps the stream: text before a tag is passed on at once', async () => {
    const out = await pipe(['<header>shell</header>', '<main>later</main>'], 'N');
    expect(out).toEqual(['<header>shell</header>', '<main>later</main>']);
  });

  test('leaves the inside of a script alone, so a payload quoting "<script" stays valid', async () => {
    const payload = '<script>self.__FLIGHT_DATA.push("q=<script x")</script><p>after</p><script>y()</script>';
    expect((await pipe([payload], 'N')).join('')).toBe(
      '<script nonce="N">self.__FLIGHT_DATA.push("q=<script x")</script><p>after</p><script nonce="N">y()</script>',
    );
    // the same, cut at every position: the state and split tags carry across chunks
    for (let cut = 1; cut < payload.length; cut += 1) {
      const out = (await pipe([payload.slice(0, cut), payload.slice(cut)], 'N')).join('');
      expect(out, `cut at ${cut}`).toBe(
        '<script nonce="N">self.__FLIGHT_DATA.push("q=<script x")</script><p>after</p><script nonce="N">y()</script>',
      );
    }
  });

  test('a word that starts like the tag is not the tag', async () => {
    expect((await pipe(['<scripture>', '<script', '>x</SCRIPT>'], 'N')).join('')).toBe(
      '<scripture><script nonce="N">x</SCRIPT>',
    );
  });

  test('escaped text is not a tag', async () => {
    expect((await pipe(['&lt;script&gt;alert(1)&lt;/script&gt;'], 'N')).join('')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });
});

describe('cross-site writes', () => {
  const post = (headers: Record<string, string>) =>
    new Request('http://site.example/contact-us', { method: 'POST', headers });

  test.each([
    [{ host: 'site.example', origin: 'http://site.example' }, false],
    [{ host: 'site.example', origin: 'http://evil.example' }, true],
    [{ host: 'site.example', origin: 'null' }, true],
    [{ host: 'site.example', 'sec-fetch-site': 'cross-site' }, true],
    [{ host: 'site.example', 'sec-fetch-site': 'same-origin', origin: 'http://site.example' }, false],
    [{ host: 'site.example' }, false],
  ])('%o → refused: %s', (headers, refused) => {
    expect(isCrossSiteWrite(post(headers), false)).toBe(refused);
  });

  test('reads never count', () => {
    expect(
      isCrossSiteWrite(new Request('http://site.example/', { headers: { origin: 'http://evil.example' } }), false),
    ).toBe(false);
  });

  test('behind a trusted proxy the forwarded host is the site', () => {
    const request = post({ host: '10.0.0.5:8080', 'x-forwarded-host': 'site.example', origin: 'https://site.example' });
    expect(isCrossSiteWrite(request, true)).toBe(false);
    expect(isCrossSiteWrite(request, false)).toBe(true);
  });

  test('the scheme counts too: an http: page of the same host is another origin', () => {
    const https = (origin: string) =>
      new Request('https://site.example/contact-us', { method: 'POST', headers: { host: 'site.example', origin } });
    expect(isCrossSiteWrite(https('https://site.example'), false)).toBe(false);
    expect(isCrossSiteWrite(https('http://site.example'), false)).toBe(true);
    expect(isCrossSiteWrite(post({ host: 'site.example', origin: 'https://site.example' }), false)).toBe(true);
  });

  test('behind a trusted proxy X-Forwarded-Proto is the scheme; elsewhere it is ignored', () => {
    const behind = (origin: string, proto = 'https') =>
      post({ host: '10.0.0.5:8080', 'x-forwarded-host': 'site.example', 'x-forwarded-proto': proto, origin });
    expect(isCrossSiteWrite(behind('https://site.example'), true)).toBe(false);
    expect(isCrossSiteWrite(behind('http://site.example'), true)).toBe(true);
    expect(isCrossSiteWrite(behind('https://site.example', 'https, http'), true)).toBe(false);
    const claimed = post({ host: 'site.example', 'x-forwarded-proto': 'https', origin: 'https://site.example' });
    expect(isCrossSiteWrite(claimed, false)).toBe(true); // the request came over http: its claim is not believed
  });
});
