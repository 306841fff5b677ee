/**
 * Titles that stay distinct across the site (record 025): search engines take two pages with one title for
 * one page. The admin names categories and courses freely, so a category page and a course can share a
 * name, as can two courses or two categories. A category page says what kind of page it is; a course or
 * category whose name another one in the catalogue (the search index) also has gets a distinguishing mark.
 */
import type { SubCourse, TrainingCourse } from '../admin/schemas';
import type { CatalogueCategory, CategoryKind, SearchIndex } from '../search/search-index';
import { tokenize } from '../search/normalize-text';

const KIND = { upcoming: 'upcoming courses', solution: 'learning solutions' } as const satisfies Record<
  CategoryKind,
  string
>;

// one name to a reader: the same words, whatever the case, accents, spacing or punctuation
const same = (a: string, b: string) => tokenize(a).join(' ') === tokenize(b).join(' ');

/** "Customer Service Excellence: upcoming courses"; "(id 108)" added when a category of its kind shares the name. */
export function categoryPageTitle(
  category: Pick<CatalogueCategory, 'kind' | 'id' | 'title'>,
  index: Pick<SearchIndex, 'categories'> | undefined,
): string {
  const own = `${category.title.trim()}: ${KIND[category.kind]}`;
  const twin = index?.categories.some(
    (other) => other.kind === category.kind && other.id !== category.id && same(other.title, category.title),
  );
  return twin ? `${own} (id ${category.id})` : own;
}

/**
 * A course's page title: its name; when another course has the same name, its code ("Leading Teams
 * (ML-101)"), or else its category, or else its address, whichever tells the two apart.
 */
export function coursePageTitle(
  course: Pick<TrainingCourse, 'slug'> & Pick<SubCourse, 'title'>,
  index: Pick<SearchIndex, 'courses' | 'categories'> | undefined,
): string {
  const title = course.title.trim();
  const twins = index?.courses.filter((other) => other.slug !== course.slug && same(other.title, title)) ?? [];
  if (twins.length === 0) return title;
  const self = index?.courses.find((entry) => entry.slug === course.slug);
  const code = self?.code.trim();
  if (code && twins.every((twin) => !same(twin.code, code))) return `${title} (${code})`;
  const categoryTitle = (key: string | undefined) => index?.categories.find((entry) => entry.key === key)?.title;
  const category = categoryTitle(self?.categoryKeys[0]);
  if (category && twins.every((twin) => !same(categoryTitle(twin.categoryKeys[0]) ?? '', category))) {
    return `${title} (${category})`;
  }
  return `${title} (${course.slug})`;
}
