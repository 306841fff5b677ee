import { describe, expect, it } from 'vitest';
import { lowerScriptPriority, lowerScriptPriorityStream } from './script-priority';

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/style-a.css" data-precedence="x"/>' +
  '<link rel="modulepreload" href="/assets/index-b.js" crossorigin=""/>' +
  '<link rel="modulepreload" href="/assets/site-c.js" crossorigin="" fetchpriority="high"/>' +
  '<link rel="preload" href="/media/hero.svg" as="image" fetchPriority="high"/><title>x</title></head>';
const BODY =
  '<body><p>rel="modulepreload" in text stays as it is</p><link rel="modulepreload" href="/late.js"/></body></html>';

async function throughStream(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(lowerScriptPriorityStream())).text();
}

describe('lowerScriptPriority', () => {
  it('marks module preloads low and leaves stylesheets, image preloads and explicit priorities alone', () => {
    const out = lowerScriptPriority(HEAD);
    expect(out).toContain('<link rel="modulepreload" href="/assets/index-b.js" crossorigin="" fetchpriority="low"/>');
    expect(out).toContain('<link rel="modulepreload" href="/assets/site-c.js" crossorigin="" fetchpriority="high"/>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/style-a.css" data-precedence="x"/>');
    expect(out).toContain('<link rel="preload" href="/media/hero.svg" as="image" fetchPriority="high"/>');
    expect(out.length).toBe(HEAD.length + ' fetchpriority="low"'.length);
  });
});

describe('lowerScriptPriorityStream', () => {
  it('rewrites the head however the chunks fall and passes the body through byte for byte', async () => {
    const whole = HEAD + BODY;
    const expected = lowerScriptPriority(HEAD) + BODY;
    expect(await throughStream([whole])).toBe(expected);
    // split everywhere, including inside `</head>` and inside a tag
    for (const size of [1, 7, 64]) {
      const chunks = whole.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
      expect(await throughStream(chunks)).toBe(expected);
    }
  });

  it('keeps multi-byte characters whole across chunks', async () => {
    const html = HEAD.replace('<title>x</title>', '<title>Café — دورة</title>') + BODY;
    const bytes = new TextEncoder().encode(html);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const out = await new Response(source.pipeThrough(lowerScriptPriorityStream())).text();
    expect(out).toContain('<title>Café — دورة</title>');
    expect(out).toContain('index-b.js" crossorigin="" fetchpriority="low"/>');
  });

  it('gives up on a head that never ends and a document without one, changing nothing but the head it saw', async () => {
    const huge = `<head>${'<meta name="x" content="y"/>'.repeat(4000)}`;
    expect(await throughStream([huge, '<p>rest</p>'])).toBe(huge + '<p>rest</p>');
    expect(await throughStream(['<p>no head</p>'])).toBe('<p>no head</p>');
  });
});
