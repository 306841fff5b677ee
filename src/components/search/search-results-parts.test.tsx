import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightMatches } from './highlight-matches';
import { searchHref, type SearchQuery } from '../../lib/search/search-query';
import { Pagination, pageNumbers } from '../ui/pagination';

describe('HighlightMatches', () => {
  const marked = (text: string, tokens: string[]) =>
    renderToStaticMarkup(<HighlightMatches text={text} tokens={tokens} />);

  it('marks the matched beginnings of words, whatever their case or accents', () => {
    expect(marked('Gestión Financiera', ['gestion', 'fin'])).toBe('<mark>Gestión</mark> <mark>Fin</mark>anciera');
    expect(marked('İstanbul', ['ist'])).toBe('<mark>İst</mark>anbul');
    expect(marked('PM-101', ['pm', '101'])).toBe('<mark>PM</mark>-<mark>101</mark>');
  });

  it('leaves text with no match alone', () => {
    expect(marked('Project Risk', ['isk'])).toBe('Project Risk');
    expect(marked('Project Risk', [])).toBe('Project Risk');
  });
});

describe('pagination', () => {
  it('lists every page when there are few, else the ends and the neighbours of the current one', () => {
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 12)).toEqual([1, 2, null, 12]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageNumbers(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageNumbers(10, 12)).toEqual([1, null, 9, 10, 11, 12]);
  });

  it('links pages with the whole query and marks the current one', () => {
    const query: SearchQuery = { q: 'risk', venue: 'Kuala Lumpur', page: 2 };
    const markup = renderToStaticMarkup(
      <Pagination
        label="Search results pages"
        page={2}
        pageCount={3}
        href={(page) => searchHref({ ...query, page })}
      />,
    );
    expect(markup).toContain('aria-label="Search results pages"');
    expect(markup).toContain('href="/search?q=risk&amp;venue=Kuala+Lumpur" rel="prev"');
    expect(markup).toContain('href="/search?q=risk&amp;venue=Kuala+Lumpur&amp;page=3" rel="next"');
    expect(markup).toMatch(/href="\/search\?q=risk&amp;venue=Kuala\+Lumpur&amp;page=2" aria-current="page"/);
  });

  it('renders nothing for a single page', () => {
    expect(renderToStaticMarkup(<Pagination label="Pages" page={1} pageCount={1} href={String} />)).toBe('');
  });
});
