import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ContentResult } from '../../lib/admin/content-error';
import { INLINE_WAIT_MS, Section, settledInPlace } from '../ui/section';
import { PageHead, StreamedPageHead } from './page-head';

type Page = { name: string };
const ok = (name: string): ContentResult<Page> => ({ ok: true, stale: false, data: { name } });
const failure: ContentResult<Page> = { ok: false, error: { kind: 'HTTP_ERROR', status: 500, message: 'boom' } };
const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));
const head = (page: Page | undefined) => <title>{page ? page.name : 'Fallback'}</title>;

/** The HTML React sends, chunk by chunk (the head sits in a page element as it does live). */
async function chunks(element: React.ReactNode): Promise<string[]> {
  const stream = await renderToReadableStream(<main>{element}</main>);
  const decoder = new TextDecoder();
  const out: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out.push(decoder.decode(chunk));
  return out;
}

describe('PageHead', () => {
  it('declares the head from the data when it is ready within the wait, else from the fallback texts', async () => {
    expect(renderToStaticMarkup(await PageHead({ data: Promise.resolve(ok('Gallery')), children: head }))).toBe(
      '<title>Gallery</title>',
    );
    expect(renderToStaticMarkup(await PageHead({ data: Promise.resolve(failure), children: head }))).toBe(
      '<title>Fallback</title>',
    );
    const slow = later(ok('Slow'), INLINE_WAIT_MS + 200);
    const sent = await chunks(await PageHead({ data: slow, children: head }));
    expect(sent.join('')).toContain('<title>Fallback</title>');
    expect(sent.join('')).not.toContain('Slow');
  });

  it('makes the same in-place decision as the section showing the same load', async () => {
    // a load that settles right at the edge of the wait: whichever way it goes, head and view agree
    const data = later(ok('Edge'), INLINE_WAIT_MS);
    const [headElement, sectionElement] = await Promise.all([
      PageHead({ data, children: head }),
      Section({ data, skeleton: <p data-skeleton="" />, what: 'The page', children: (page) => <p>{page.name}</p> }),
    ]);
    const inPlace = (await settledInPlace(data)) !== undefined;
    expect(renderToStaticMarkup(headElement)).toBe(inPlace ? '<title>Edge</title>' : '<title>Fallback</title>');
    expect((await chunks(sectionElement))[0]).toContain(inPlace ? '<p>Edge</p>' : 'data-skeleton');
  });
});

describe('StreamedPageHead', () => {
  const courseHead = (result: ContentResult<Page>) => <title>{result.ok ? result.data.name : 'Unavailable'}</title>;

  it('declares the head in place from the result, failures included', async () => {
    const inPlace = await StreamedPageHead({ data: Promise.resolve(ok('Course')), children: courseHead });
    expect(renderToStaticMarkup(inPlace)).toBe('<title>Course</title>');
    const failed = await StreamedPageHead({ data: Promise.resolve(failure), children: courseHead });
    expect(renderToStaticMarkup(failed)).toBe('<title>Unavailable</title>');
  });

  it('streams the head in with the data when the data is slower than the wait', async () => {
    const element = await StreamedPageHead({ data: later(ok('Slow'), INLINE_WAIT_MS + 100), children: courseHead });
    const sent = await chunks(element);
    expect(sent[0]).not.toContain('<title>');
    expect(sent.join('')).toContain('<title>Slow</title>');
  });
});
