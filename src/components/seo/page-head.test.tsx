import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ContentResult } from '../../lib/admin/content-error';
import { holdForWholeAnswer, INLINE_WAIT_MS, Section, settledInPlace } from '../ui/section';
import { CoursePageHead, PageHead } from './page-head';

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

describe('CoursePageHead', () => {
  const jsonLd = { '@context': 'https://schema.org', '@type': 'Course', name: 'Slow' };
  const courseHead = (result: ContentResult<Page>) =>
    result.ok
      ? { title: result.data.name, description: 'From the answer.', path: '/course', structuredData: [jsonLd] }
      : { title: 'Unavailable', description: 'Failed.', path: '/course' };
  const catalogueHead = { title: 'From the catalogue', description: 'Listed.', path: '/course' };

  it('declares the head in place from the result, failures included, structured data with it', async () => {
    const inPlace = renderToStaticMarkup(
      await CoursePageHead({ data: Promise.resolve(ok('Course')), head: courseHead, catalogueHead }),
    );
    expect(inPlace).toContain('<title>Course');
    expect(inPlace).toContain('application/ld+json');
    const failed = await CoursePageHead({ data: Promise.resolve(failure), head: courseHead, catalogueHead });
    expect(renderToStaticMarkup(failed)).toContain('<title>Unavailable');
  });

  it("a slow answer: the catalogue's head in the first bytes, only the structured data streams in", async () => {
    const element = await CoursePageHead({
      data: later(ok('Slow'), INLINE_WAIT_MS + 100),
      head: courseHead,
      catalogueHead,
    });
    const sent = await chunks(element);
    expect(sent[0]).toContain('<title>From the catalogue');
    expect(sent[0]).not.toContain('application/ld+json');
    const late = sent.slice(1).join('');
    expect(late).toContain('"@type":"Course"');
    expect(late).not.toMatch(/<title|<meta|<link/);
  });

  it('a slow answer the catalogue does not list: the first bytes wait for it (the loader holds such a page)', async () => {
    const data = later(ok('Unlisted'), INLINE_WAIT_MS + 100);
    holdForWholeAnswer(data);
    const held = await CoursePageHead({ data, head: courseHead, catalogueHead: undefined });
    expect(renderToStaticMarkup(held)).toContain('<title>Unlisted');
    // and had the loader not held it, the head would still not stream into the body
    const unheld = await CoursePageHead({
      data: later(ok('Late'), INLINE_WAIT_MS + 100),
      head: courseHead,
      catalogueHead: undefined,
    });
    expect((await chunks(unheld))[0]).toContain('<title>Late');
  });
});

describe('holdForWholeAnswer', () => {
  it('renders a held load in place however long it takes, head and section alike', async () => {
    const data = later(ok('Held'), INLINE_WAIT_MS + 150);
    holdForWholeAnswer(data);
    const [headElement, sectionElement] = await Promise.all([
      PageHead({ data, children: head }),
      Section({ data, skeleton: <p data-skeleton="" />, what: 'The page', children: (page) => <p>{page.name}</p> }),
    ]);
    expect(renderToStaticMarkup(headElement)).toBe('<title>Held</title>');
    const sent = await chunks(sectionElement);
    expect(sent[0]).toContain('<p>Held</p>');
    expect(sent.join('')).not.toContain('data-skeleton');
  });
});
