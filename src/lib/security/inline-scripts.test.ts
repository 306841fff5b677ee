import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, inlineScripts, withoutScriptNonces } from './inline-scripts';

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
