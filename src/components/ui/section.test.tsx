import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
  it('renders the view in place when the data is ready within the wait', async () => {
    const data = Promise.resolve<ContentResult<{ name: string }>>({
      ok: true,
      stale: false,
      data: { name: 'Gallery' },
    });
    const element = await Section({ data, skeleton, what: 'The gallery', children: view });
    const html = renderToStaticMarkup(element);
    expect(html).toBe('<p data-view="">Gallery</p>');
  });

  it('sends the skeleton first and streams the view when the data is slower than the wait', async () => {
    const data = later<ContentResult<{ name: string }>>(
      { ok: true, stale: false, data: { name: 'Slow' } },
      INLINE_WAIT_MS + 200,
    );
    const started = Date.now();
    const element = await Section({ data, skeleton, what: 'The gallery', children: view });
    expect(Date.now() - started).toBeLessThan(INLINE_WAIT_MS + 150);

    const sent = await chunks(element);
    expect(sent[0]!.html).toContain('data-skeleton');
    expect(sent[0]!.html).not.toContain('Slow');
    expect(sent.map((chunk) => chunk.html).join('')).toContain('<p data-view="">Slow</p>');
  });

  it('owns the failure message, in place or streamed, and lets the page frame it', async () => {
    const failure: ContentResult<{ name: string }> = {
      ok: false,
      error: { kind: 'HTTP_ERROR', status: 500, message: 'boom' },
    };
    const inPlace = await Section({ data: Promise.resolve(failure), skeleton, what: 'The gallery', children: view });
    expect(renderToStaticMarkup(inPlace).replaceAll('<!-- -->', '')).toContain(
      'The gallery could not be loaded right now.',
    );

    const streamed = await Section({
      data: later(failure, INLINE_WAIT_MS + 100),
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
});
