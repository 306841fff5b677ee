import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fixtureIndex } from '../../../tests/fixtures/search-catalogue';
import { FindCoursePanelView } from './find-course-panel';

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

/** The <option> texts of the select named `name`. */
function optionsOf(markup: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(markup)?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]!);
}

describe('FindCoursePanelView', () => {
  it('is a GET form to /search with a labelled keyword box and four selects whose placeholders are the empty first options', () => {
    const markup = html(<FindCoursePanelView index={fixtureIndex()} />);
    const form = /<form[^>]*>/.exec(markup)?.[0] ?? '';
    for (const attribute of ['action="/search"', 'method="get"', 'role="search"', 'aria-label="Find a Course"'])
      expect(form).toContain(attribute);
    const input = /<input[^>]*name="q"[^>]*>/.exec(markup)?.[0] ?? '';
    expect(input).toContain('placeholder="Keyword"');
    expect(input).toContain('type="search"');
    for (const [name, placeholder] of [
      ['category', 'Category'],
      ['venue', 'Venue'],
      ['month', 'Month'],
      ['year', 'Year'],
    ] as const) {
      expect(optionsOf(markup, name)[0]).toBe(placeholder);
      expect(markup).toMatch(new RegExp(`<option value=""( selected="")?>${placeholder}</option>`));
    }
    for (const label of ['Keyword', 'Category', 'Venue', 'Month', 'Year']) {
      const id = new RegExp(`<label class="visually-hidden" for="([^"]+)">${label}</label>`).exec(markup)?.[1];
      expect(id, label).toBeTruthy();
      expect(markup).toContain(`id="${id}"`);
    }
    expect(markup).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
  });

  it('fills the selects from the index, categories grouped by kind', () => {
    const markup = html(<FindCoursePanelView index={fixtureIndex()} />);
    expect(optionsOf(markup, 'category')).toEqual([
      'Category',
      'Project Management Professional (PMP)® Exam Preparation',
      'Leadership and Management Excellence',
      'Gestión de Proyectos',
      'Energy Transition',
    ]);
    expect(markup).toContain('<optgroup label="Open courses">');
    expect(markup).toContain('<optgroup label="Learning solutions">');
    expect(optionsOf(markup, 'venue')).toEqual([
      'Venue',
      'Barcelona',
      'Dubai',
      'İstanbul',
      'Kuala Lumpur',
      'London',
      'Manama',
    ]);
    expect(optionsOf(markup, 'month')).toEqual(['Month', 'January', 'February', 'March', 'April', 'May']);
    expect(optionsOf(markup, 'year')).toEqual(['Year', '2027', '2028']);
  });

  it('shows values it is given', () => {
    const markup = html(
      <FindCoursePanelView
        index={fixtureIndex()}
        values={{ q: 'risk', venue: 'Dubai', month: 3, year: 2027, category: 'upcoming-102' }}
      />,
    );
    expect(/<input[^>]*name="q"[^>]*>/.exec(markup)?.[0]).toContain('value="risk"');
    expect(markup).toContain('<option value="Dubai" selected="">Dubai</option>');
    expect(markup).toContain('<option value="3" selected="">March</option>');
    expect(markup).toContain('<option value="2027" selected="">2027</option>');
    expect(markup).toContain('<option value="upcoming-102" selected="">Leadership and Management Excellence</option>');
  });

  it('still renders, with empty selects, before there is an index', () => {
    const markup = html(<FindCoursePanelView index={undefined} />);
    expect(optionsOf(markup, 'venue')).toEqual(['Venue']);
    expect(optionsOf(markup, 'year')).toEqual(['Year']);
    expect(markup).toContain('name="q"');
  });
});
