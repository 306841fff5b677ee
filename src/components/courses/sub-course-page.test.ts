import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../lib/search/search-index';
import { subCourseCrumbs } from './sub-course-page';

const index = await buildSearchIndex(
  {
    categories: [
      {
        kind: 'upcoming',
        id: 102,
        title: 'Leadership and Management Excellence',
        courses: [{ id: 1, code: 'LM-201', title: 'Café Leadership', slug: 'café-leadership' }],
      },
    ],
    sessionsBySlug: new Map(),
  },
  Date.UTC(2026, 0, 1),
);

describe('subCourseCrumbs', () => {
  it('leads back to the category that lists the course', () => {
    expect(subCourseCrumbs(index, 'café-leadership')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Leadership and Management Excellence', href: '/upcoming-training-course-details/102' },
    ]);
  });

  it('is just Home when the category is not known (no index yet, or no category lists it)', () => {
    expect(subCourseCrumbs(undefined, 'café-leadership')).toEqual([{ label: 'Home', href: '/' }]);
    expect(subCourseCrumbs(index, 'elsewhere')).toEqual([{ label: 'Home', href: '/' }]);
  });
});
