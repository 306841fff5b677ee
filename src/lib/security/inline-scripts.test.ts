import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, inlineScripts, withOneFlightScript, withoutScriptNonces } from './inline-scripts';

describe('inline scripts of a completed page', () => {
  const page =
    '<html><head><script type="module" src="/assets/a.js" async=""></script><script nonce="Zm9v+/==">a()</script></head>' +
    '<body><p>&lt;script&gt;no()&lt;/script&gt;</p><script>b("\\u003c/script>")</script><SCRIPT id="x">c()\r\n</SCRIPT></body></html>';

  test('the stamped nonces are removed, nothing else', () => {
    expect(withoutScriptNonces(page)).toBe(page.replace(' nonce="Zm9v+/=="', ''));
  });

  test('only inline scripts count, with line endings as the browser reads them', () => {
    expect(inlineScripts(page)).toEqual(['a()', 'b("\\u003c/script>")', 'c()\n']);
  });

  test('hashes are the sha256 of each body, as CSP sources', async () => {
    const expected = ['a()', 'b("\\u003c/script>")', 'c()\n'].map(
      (body) => `sha256-${createHash('sha256').update(body).digest('base64')}`,
    );
    expect(await inlineScriptHashes(page)).toEqual(expected);
  });
});

describe('a kept page’s payload in one script', () => {
  const piece = (data: string) => `<script>(self.__FLIGHT_DATA||=[]).push(${JSON.stringify(data)})</script>`;
  const boot = '<script id="_R_">globalThis.__WAKU_HYDRATE__ = true;</script>';
  const page =
    `<html><head>${boot}</head><body><main>${piece('0:a')}<p>one</p>${piece('1:b')}` +
    `<script type="application/ld+json">{"@type":"Course"}</script><p>two</p>${piece('2:c')}</main></body></html>`;

  test('the pieces become one script, in order, where the last one was; the rest of the page is untouched', () => {
    const merged = withOneFlightScript(page);
    expect(merged).toBe(
      `<html><head>${boot}</head><body><main><p>one</p>` +
        `<script type="application/ld+json">{"@type":"Course"}</script><p>two</p>` +
        `<script>(self.__FLIGHT_DATA||=[]).push("0:a");(self.__FLIGHT_DATA||=[]).push("1:b");(self.__FLIGHT_DATA||=[]).push("2:c")</script>` +
        `</main></body></html>`,
    );
  });

  test('run in order, the merged script queues the same data', () => {
    const queue = (html: string) => {
      const self: { __FLIGHT_DATA?: string[] } = {};
      for (const body of inlineScripts(html)) if (body.includes('__FLIGHT_DATA')) new Function('self', body)(self);
      return self.__FLIGHT_DATA;
    };
    expect(queue(withOneFlightScript(page))).toEqual(['0:a', '1:b', '2:c']);
    expect(queue(withOneFlightScript(page))).toEqual(queue(page));
  });

  test('a page of hundreds of pieces needs two hashes (the bootstrap and the payload); data blocks need none', async () => {
    const big = `<html><head>${boot}</head><body>${Array.from({ length: 400 }, (_, index) => `<p>${index}</p>${piece(`${index}:x`)}`).join('')}<script type="application/ld+json">{}</script></body></html>`;
    expect(await inlineScriptHashes(big)).toHaveLength(401);
    expect(await inlineScriptHashes(withOneFlightScript(big))).toHaveLength(2);
  });
});

describe('speculation rules on a kept page', () => {
  test('are hashed like a script: the browser applies them only under script-src', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Course"}</script><script type="speculationrules">{"prefetch":[]}</script>';
    expect(inlineScripts(html)).toEqual(['{"prefetch":[]}']);
  });
});
