import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_WAIT_MS,
  importAfterFirstScreen,
  scriptsAfterFirstScreenRewrite,
  takeModulePreloads,
} from './scripts-after-first-screen';
import { htmlRewriteStream } from '../html/html-rewrite';

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/media/hero.svg" as="image" fetchPriority="high"/>' +
  '<link rel="stylesheet" href="/assets/style-a.css" data-precedence="x"/>' +
  '<link rel="modulepreload" href="/assets/index-b.js" crossorigin=""/>' +
  '<link rel="modulepreload" href="/assets/site-c.js" crossorigin="" fetchpriority="low"/>' +
  '<title>x</title></head>';
const SHELL = '<body><p>rel="modulepreload" and import(&quot;/x.js&quot;) in text stay</p><img src="/media/hero.svg"/>';
const BOOTSTRAP = '<script id="_R_">globalThis.__WAKU_HYDRATE__ = true;\n  import("/assets/index-b.js")</script>';
const REST = '<script>(self.__FLIGHT_DATA||=[]).push("import(\\"/not-this.js\\")")</script></body></html>';
const PAGE = HEAD + SHELL + BOOTSTRAP + REST;

async function throughStream(chunks: (string | Uint8Array)[]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(htmlRewriteStream([scriptsAfterFirstScreenRewrite()]))).text();
}

/** `text` as UTF-8, cut every `size` bytes (through the middle of characters). */
function bytesOf(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

const expected = () =>
  HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') +
  SHELL +
  BOOTSTRAP.replace(
    'import("/assets/index-b.js")',
    importAfterFirstScreen('/assets/index-b.js', ['/assets/index-b.js', '/assets/site-c.js']),
  ) +
  REST;

describe('takeModulePreloads', () => {
  it('takes out the module preload hints and names their scripts, leaving stylesheets and image preloads', () => {
    const { head, scripts } = takeModulePreloads(HEAD);
    expect(scripts).toEqual(['/assets/index-b.js', '/assets/site-c.js']);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/style-a.css" data-precedence="x"/>');
    expect(head).toContain('<link rel="preload" href="/media/hero.svg" as="image" fetchPriority="high"/>');
  });
});

describe('importAfterFirstScreen', () => {
  it('is one expression that imports the entry and hints every script, with no way out of its script tag', () => {
    const code = importAfterFirstScreen('/assets/index-b.js', ['/assets/a.js', '/assets/</script>.js']);
    expect(code).toContain('import("/assets/index-b.js")');
    expect(code).toContain('"/assets/a.js"');
    expect(code).not.toContain('</script>');
    expect(code).toContain(`setTimeout(go,${FIRST_SCREEN_WAIT_MS})`);
    expect(() => new Function(code.replace(/import\(/g, 'String('))).not.toThrow(); // valid JavaScript
  });
});

describe("scriptsAfterFirstScreenRewrite, in the page's one pass", () => {
  it('rewrites the head and the bootstrap however the chunks fall, and passes everything else byte for byte', async () => {
    expect(await throughStream([PAGE])).toBe(expected());
    for (const size of [1, 5, 64, 700]) {
      const chunks = PAGE.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
      expect(await throughStream(chunks), `chunks of ${size}`).toBe(expected());
    }
  });

  it('finds the bootstrap far into a long streamed body', async () => {
    const long = HEAD + SHELL + '<p>text</p>'.repeat(20_000) + BOOTSTRAP + REST;
    const chunks = long.match(/[^]{1,4096}/g)!;
    const out = await throughStream(chunks);
    expect(out).toContain(importAfterFirstScreen('/assets/index-b.js', ['/assets/index-b.js', '/assets/site-c.js']));
    expect(out.length).toBe(expected().length + '<p>text</p>'.length * 20_000);
  });

  it('keeps multi-byte characters whole however the bytes fall, before and after the rewrite', async () => {
    const accented = '<p>Café — دورة — 😀</p>';
    const page = HEAD.replace('<title>x</title>', `<title>${accented}</title>`) + SHELL + '😀'.repeat(400);
    const whole = page + BOOTSTRAP + '😀' + accented + REST; // a 4-byte character right after the rewrite
    const gated = importAfterFirstScreen('/assets/index-b.js', ['/assets/index-b.js', '/assets/site-c.js']);
    const want = whole.replace(/<link rel="modulepreload"[^>]*>/g, '').replace('import("/assets/index-b.js")', gated);
    // the same with no hints to take (passed on at once) and with no head at all
    const plain = `<html><head><title>${accented}</title></head>😀<body>${accented}${BOOTSTRAP}${accented}</body></html>`;
    for (const size of [1, 2, 3, 5, 7, 4096]) {
      expect(await throughStream(bytesOf(whole, size)), `chunks of ${size} bytes`).toBe(want);
      expect(await throughStream(bytesOf(plain, size)), `no hints, chunks of ${size} bytes`).toBe(plain);
      expect(await throughStream(bytesOf(accented.repeat(3), size)), `no head, ${size}`).toBe(accented.repeat(3));
    }
  });

  it('leaves a document without a head, without hints or with a huge head as it is', async () => {
    expect(await throughStream(['<p>no head</p>'])).toBe('<p>no head</p>');
    const noHints = '<html><head><title>x</title></head><body>' + BOOTSTRAP + '</body></html>';
    expect(await throughStream([noHints])).toBe(noHints);
    const huge = `<head>${'<meta name="x" content="y"/>'.repeat(4000)}`;
    expect(await throughStream([huge, '</head>', BOOTSTRAP])).toBe(huge + '</head>' + BOOTSTRAP);
  });
});
