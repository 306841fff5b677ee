import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ContentResult } from '../../lib/admin/content-error';
import { INLINE_WAIT_MS, Section } from './section';

const skeleton = <p data-skeleton="">loading</p>;
const view = (data: { name: string }) => <p data-view="">{data.name}</p>;

function later<T>(value: T, ms: number): Promise<T> {
  return new Promise((resolve) => setTimeout(resolve, ms, value));
}

/** The HTML React sends, chunk by chunk, with the time each chunk arrived. */
async function chunks(element: React.ReactNode): Promise<{ at: number; html: string }[]> {
  const started = Date.now();
  // a boundary at the very root is held for the shell, so the section sits in a page element as it does live
  const stream = await renderToReadableStream(<main>{element}</main>);
  const decoder = new TextDecoder();
  const out: { at: number; html: string }[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    // React separates adjacent text nodes with empty comments; drop them to read the text
    out.push({ at: Date.now() - started, html: decoder.decode(chunk).replaceAll('<!-- -->', '') });
  }
  return out;
}

describe('Section', () => {
  it('renders the view in place when the data is ready within the wait, calling the data once', async () => {
    const load = vi.fn(async (): Promise<ContentResult<{ name: string }>> => ({
      ok: true,
      stale: false,
      data: { name: 'Gallery' },
    }));
    const element = await Section({ load, skeleton, what: 'The gallery', children: view });
    const html = renderToStaticMarkup(element);
    expect(html).toBe('<p data-view="">Gallery</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends the skeleton first and streams the view when the data is slower than the wait', async () => {
    const load = vi.fn(() =>
      later<ContentResult<{ name: string }>>({ ok: true, stale: false, data: { name: 'Slow' } }, INLINE_WAIT_MS + 200),
    );
    const started = Date.now();
    const element = await Section({ load, skeleton, what: 'The gallery', children: view });
    expect(Date.now() - started).toBeLessThan(INLINE_WAIT_MS + 150);

    const sent = await chunks(element);
    expect(sent[0]!.html).toContain('data-skeleton');
    expect(sent[0]!.html).not.toContain('Slow');
    expect(sent.map((chunk) => chunk.html).join('')).toContain('<p data-view="">Slow</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('owns the failure message, in place or streamed, and lets the page frame it', async () => {
    const failure: ContentResult<{ name: string }> = {
      ok: false,
      error: { kind: 'HTTP_ERROR', status: 500, message: 'boom' },
    };
    const inPlace = await Section({ load: async () => failure, skeleton, what: 'The gallery', children: view });
    expect(renderToStaticMarkup(inPlace).replaceAll('<!-- -->', '')).toContain(
      'The gallery could not be loaded right now.',
    );

    const streamed = await Section({
      load: () => later(failure, INLINE_WAIT_MS + 100),
      skeleton,
      what: 'The gallery',
      children: view,
      failed: (message, error) => (
        <div data-framed={error.kind}>
          <h1>Gallery</h1>
          {message}
        </div>
      ),
    });
    const html = (await chunks(streamed)).map((chunk) => chunk.html).join('');
    expect(html).toContain('data-framed="HTTP_ERROR"');
    expect(html).toContain('The gallery could not be loaded right now.');
    expect(html).not.toContain('data-view');
  });

  it('renders the head before the boundary: with the data in place, with undefined when streamed or failed', async () => {
    const head = vi.fn((data: { name: string } | undefined) => <title>{data ? data.name : 'Fallback'}</title>);
    const ok: ContentResult<{ name: string }> = { ok: true, stale: false, data: { name: 'Gallery' } };
    const load = vi.fn(async () => ok);
    const inPlace = await Section({ load, skeleton, head, what: 'The gallery', children: view });
    expect(renderToStaticMarkup(inPlace)).toBe('<title>Gallery</title><p data-view="">Gallery</p>');
    expect(head).toHaveBeenLastCalledWith({ name: 'Gallery' });
    expect(load).toHaveBeenCalledTimes(1);

    const slowLoad = vi.fn(() => later(ok, INLINE_WAIT_MS + 200));
    const streamed = await Section({ load: slowLoad, skeleton, head, what: 'The gallery', children: view });
    expect(head).toHaveBeenLastCalledWith(undefined);
    const sent = await chunks(streamed);
    // the fallback head is in the first chunk, before the skeleton; the data is still called once
    expect(sent[0]!.html).toMatch(/<title>Fallback<\/title>.*data-skeleton/s);
    expect(sent.map((chunk) => chunk.html).join('')).not.toContain('<title>Gallery</title>');
    expect(slowLoad).toHaveBeenCalledTimes(1);

    const failure: ContentResult<{ name: string }> = {
      ok: false,
      error: { kind: 'HTTP_ERROR', status: 500, message: 'boom' },
    };
    const failed = await Section({ load: async () => failure, skeleton, head, what: 'The gallery', children: view });
    expect(head).toHaveBeenLastCalledWith(undefined);
    expect(renderToStaticMarkup(failed)).toMatch(/^<title>Fallback<\/title>/);
  });

  it('streams the head with the data when the page has no fallback head', async () => {
    const head = (data: { name: string } | undefined) => (data ? <title>{data.name}</title> : null);
    const streamed = await Section({
      load: () =>
        later<ContentResult<{ name: string }>>(
          { ok: true, stale: false, data: { name: 'Slow' } },
          INLINE_WAIT_MS + 100,
        ),
      skeleton,
      head,
      what: 'The course',
      children: view,
    });
    const sent = await chunks(streamed);
    expect(sent[0]!.html).not.toContain('<title>');
    expect(sent.map((chunk) => chunk.html).join('')).toContain('<title>Slow</title>');
  });
});
