import { describe, expect, test } from 'vitest';
import { buildSearchIndex, type Catalogue } from '../search/search-index';
import { categoryPageTitle, coursePageTitle } from './page-titles';

const course = (id: number, code: string, title: string, slug: string) => ({ id, code, title, slug });

// the collisions an admin can make: a category and a course with one name, two courses with one name (with
// and without distinct codes, in one category or two), two categories of one kind with one name
const catalogue: Catalogue = {
  categories: [
    {
      kind: 'upcoming',
      id: 108,
      title: 'Customer Service Excellence',
      courses: [
        course(1, 'CS-1', 'Customer Service Excellence', 'customer-service-excellence'),
        course(2, 'CS-2', 'Negotiation', 'negotiation'),
        course(3, 'CS-3', 'Negotiation', 'negotiation-advanced'),
        course(4, '', 'Time Management', 'time-management'),
      ],
    },
    {
      kind: 'upcoming',
      id: 109,
      title: 'Personal Skills',
      courses: [course(5, '', 'Time management', 'time-management-2'), course(6, '', 'Writing', 'writing')],
    },
    { kind: 'upcoming', id: 110, title: 'personal skills', courses: [course(7, '', 'Writing ', 'writing-2')] },
    { kind: 'solution', id: 201, title: 'Customer Service Excellence', courses: [] },
  ],
  sessionsBySlug: new Map(),
};
const index = await buildSearchIndex(catalogue, Date.parse('2027-01-10T08:00:00Z'));

describe('page titles stay distinct across the catalogue', () => {
  test('a category page says what kind of page it is, so a course of the same name differs', () => {
    const upcoming = categoryPageTitle({ kind: 'upcoming', id: 108, title: 'Customer Service Excellence' }, index);
    const solution = categoryPageTitle({ kind: 'solution', id: 201, title: 'Customer Service Excellence' }, index);
    const courseTitle = coursePageTitle(
      { slug: 'customer-service-excellence', title: 'Customer Service Excellence' },
      index,
    );
    expect(upcoming).toBe('Customer Service Excellence: upcoming courses');
    expect(solution).toBe('Customer Service Excellence: learning solutions');
    expect(courseTitle).toBe('Customer Service Excellence');
  });

  test('two categories of one kind with one name are told apart by id', () => {
    expect(categoryPageTitle({ kind: 'upcoming', id: 109, title: 'Personal Skills' }, index)).toBe(
      'Personal Skills: upcoming courses (id 109)',
    );
    expect(categoryPageTitle({ kind: 'upcoming', id: 110, title: 'personal skills' }, index)).toBe(
      'personal skills: upcoming courses (id 110)',
    );
  });

  test('two courses with one name: by code, else by category, else by address', () => {
    expect(coursePageTitle({ slug: 'negotiation', title: 'Negotiation' }, index)).toBe('Negotiation (CS-2)');
    expect(coursePageTitle({ slug: 'negotiation-advanced', title: 'Negotiation' }, index)).toBe('Negotiation (CS-3)');
    expect(coursePageTitle({ slug: 'time-management', title: 'Time Management' }, index)).toBe(
      'Time Management (Customer Service Excellence)',
    );
    expect(coursePageTitle({ slug: 'time-management-2', title: 'Time management' }, index)).toBe(
      'Time management (Personal Skills)',
    );
    // same name, no code, categories of the same name: the address is what differs
    expect(coursePageTitle({ slug: 'writing', title: 'Writing' }, index)).toBe('Writing (writing)');
    expect(coursePageTitle({ slug: 'writing-2', title: 'Writing ' }, index)).toBe('Writing (writing-2)');
  });

  test('a unique name is kept as it is; without an index there is nothing to compare', () => {
    expect(coursePageTitle({ slug: 'x', title: 'Unique' }, index)).toBe('Unique');
    expect(coursePageTitle({ slug: 'negotiation', title: 'Negotiation' }, undefined)).toBe('Negotiation');
    expect(categoryPageTitle({ kind: 'upcoming', id: 109, title: 'Personal Skills' }, undefined)).toBe(
      'Personal Skills: upcoming courses',
    );
  });
});
