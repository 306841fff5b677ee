/**
 * The search index: every category and course of the catalogue with its sessions, and the words each can be
 * found by, folded once at build time so a query only compares prepared strings.
 * Plain data built from plain data (no admin calls here), so tests can build one from a fixed catalogue.
 */
import type { CourseCategory, CourseVenue, LearningSolution, OpenCourse } from '../admin/schemas';
import { todayInBahrain } from '../format';
import { compactText, foldText, searchTerm, tokenize } from './normalize-text';
import {
  buildSearchEngine,
  CATEGORY_DOCUMENT_PREFIX,
  codeText,
  descriptionText,
  queryTerms,
  type SearchDocument,
  type SearchEngine,
} from './search-engine';
import { timeSlices, type Pause } from './time-slices';
import { href } from '../site-routes';

export type CategoryKind = 'upcoming' | 'solution';

/** What the loader gathered from the admin (see load-catalogue.ts). */
export type Catalogue = {
  categories: CatalogueCategory[];
  /** Sub-course slug → its sessions. A slug missing here has none known. */
  sessionsBySlug: ReadonlyMap<string, readonly CourseVenue[]>;
  /** Sub-course slug → the opening of its rich text (bounded), where its summary is (courseSummary). */
  descriptionsBySlug?: ReadonlyMap<string, string>;
};

/** One category as the admin answered it (the admin's types: a change to schemas.ts reaches here). */
export type CatalogueCategory = {
  kind: CategoryKind;
  /** The id of the open course or learning solution whose category this is. */
  id: OpenCourse['id'] | LearningSolution['id'];
  title: CourseCategory['title'];
  /** The title the category list gives it (the home page's card), when it differs from the category's own. */
  listedTitle?: string;
  courses: Readonly<CourseCategory['training_course']>;
};

export type SearchCategory = {
  /** Stable value for URLs and selects: `upcoming-101`, `solution-201`. */
  key: string;
  kind: CategoryKind;
  id: number;
  title: string;
  /** The home page card's title, when the category list names it otherwise. */
  listedTitle?: string;
  href: string;
};

export type SearchSession = {
  startDate: string;
  endDate: string;
  venue: string;
  fee: number;
  /** Folded venue words as the engine keeps them, for venue words in a query. */
  venueTokens: readonly string[];
  /** 1–12 and yyyy of the start date (sessions are filed under the month they start in). */
  month: number;
  year: number;
};

export type SearchCourse = {
  code: string;
  title: string;
  slug: string;
  href: string;
  /** The opening of the course's rich text ("" when unknown): its summary, for the category pages' Course list. */
  description: string;
  /** Keys of every category listing this course (usually one). */
  categoryKeys: readonly string[];
  /** Sorted by start date. */
  sessions: readonly SearchSession[];
  /**
   * The title's words as the engine keeps them (joining words left out), joined by one space, and the code's
   * letters and digits: what an exact title or code is compared with.
   */
  titleTerms: string;
  compactCode: string;
};

export type SearchIndex = {
  builtAt: number;
  categories: readonly SearchCategory[];
  courses: readonly SearchCourse[];
  /** Select options, from the sessions not yet started when the index was built. */
  venues: readonly string[];
  months: readonly number[];
  years: readonly number[];
  /** The full-text index of the courses and categories (search-engine.ts). */
  engine: SearchEngine;
  /** Slug → course, and key → category, for the engine's answers. */
  courseBySlug: ReadonlyMap<string, SearchCourse>;
  categoryByKey: ReadonlyMap<string, SearchCategory>;
};

function categoryKey(kind: CategoryKind, id: number): string {
  return `${kind}-${id}`;
}

function categoryHref(kind: CategoryKind, id: number): string {
  return kind === 'upcoming'
    ? href('/upcoming-training-course-details/[id]', { id })
    : href('/learning-solutions-course-details/[id]', { id });
}

const ISO_DATE = /^(\d{4})-(\d{2})-\d{2}$/;

/**
 * The index of a catalogue. `engine`: the full-text index kept with the catalogue it was built from (loaded,
 * not rebuilt); without it, one is built here. Built in slices (time-slices.ts): at 5 000 courses it is over
 * a second of work, which a visitor's request must not wait behind.
 */
export async function buildSearchIndex(
  catalogue: Catalogue,
  now: number,
  engine?: SearchEngine,
  pause: Pause = timeSlices(),
): Promise<SearchIndex> {
  const categories: SearchCategory[] = [];
  const bySlug = new Map<string, { course: CatalogueCategory['courses'][number]; categoryKeys: string[] }>();

  for (const category of catalogue.categories) {
    const key = categoryKey(category.kind, category.id);
    if (categories.some((known) => known.key === key)) continue;
    categories.push({
      key,
      kind: category.kind,
      id: category.id,
      title: category.title,
      ...(category.listedTitle ? { listedTitle: category.listedTitle } : {}),
      href: categoryHref(category.kind, category.id),
    });
    for (const course of category.courses) {
      const entry = bySlug.get(course.slug);
      if (entry) {
        if (!entry.categoryKeys.includes(key)) entry.categoryKeys.push(key);
      } else {
        bySlug.set(course.slug, { course, categoryKeys: [key] });
      }
    }
  }

  // the first day whose sessions still count as upcoming: today in Bahrain, where the provider is
  const today = todayInBahrain(new Date(now));
  const venues = new Map<string, string>(); // folded → first spelling seen
  const months = new Set<number>();
  const years = new Set<number>();

  const courses: SearchCourse[] = [];
  for (const { course, categoryKeys } of bySlug.values()) {
    await pause();
    const sessions = (catalogue.sessionsBySlug.get(course.slug) ?? [])
      .flatMap((session): SearchSession[] => {
        const date = ISO_DATE.exec(session.start_date);
        if (!date) return [];
        return [
          {
            startDate: session.start_date,
            endDate: session.end_date,
            venue: session.venue_name.trim(),
            fee: session.course_fee,
            venueTokens: tokenize(session.venue_name).map(searchTerm),
            month: Number(date[2]),
            year: Number(date[1]),
          },
        ];
      })
      .sort((a, b) => a.startDate.localeCompare(b.startDate));

    for (const session of sessions) {
      if (session.startDate < today) continue;
      const folded = foldText(session.venue);
      if (folded && !venues.has(folded)) venues.set(folded, session.venue);
      months.add(session.month);
      years.add(session.year);
    }

    courses.push({
      code: course.code,
      title: course.title,
      slug: course.slug,
      href: href('/subCourse-details/[slug]', { slug: course.slug }),
      description: catalogue.descriptionsBySlug?.get(course.slug) ?? '',
      categoryKeys,
      sessions,
      titleTerms: queryTerms(course.title).join(' '),
      compactCode: compactText(course.code),
    });
  }

  return {
    builtAt: now,
    categories,
    courses,
    venues: [...venues.values()].sort((a, b) => a.localeCompare(b, 'en')),
    months: [...months].sort((a, b) => a - b),
    years: [...years].sort((a, b) => a - b),
    engine: engine ?? (await buildSearchEngine(await searchDocuments(catalogue, pause), pause)),
    courseBySlug: new Map(courses.map((course) => [course.slug, course])),
    categoryByKey: new Map(categories.map((category) => [category.key, category])),
  };
}

/**
 * What the engine indexes: each course once (with the titles of every category listing it and the venues of
 * its sessions), and each category by its own and its card's title, so the names on the home page lead to
 * their pages.
 */
export async function searchDocuments(catalogue: Catalogue, pause: Pause = timeSlices()): Promise<SearchDocument[]> {
  const courses = new Map<string, SearchDocument>();
  const categories = new Map<string, SearchDocument>();
  for (const category of catalogue.categories) {
    const key = categoryKey(category.kind, category.id);
    if (categories.has(key)) continue;
    const titles = [category.title, category.listedTitle].filter((title): title is string => Boolean(title));
    categories.set(key, {
      id: `${CATEGORY_DOCUMENT_PREFIX}${key}`,
      title: [...new Set(titles)].join(' '),
      code: '',
      category: '',
      description: '',
      venue: '',
    });
    for (const course of category.courses) {
      const known = courses.get(course.slug);
      if (known) {
        if (!known.category.includes(category.title)) known.category = `${known.category} ${category.title}`;
        continue;
      }
      await pause();
      const venues = new Set((catalogue.sessionsBySlug.get(course.slug) ?? []).map((session) => session.venue_name));
      courses.set(course.slug, {
        id: course.slug,
        title: course.title,
        code: codeText(course.code),
        category: category.title,
        description: descriptionText(catalogue.descriptionsBySlug?.get(course.slug) ?? ''),
        venue: [...venues].join(' '),
      });
    }
  }
  return [...courses.values(), ...categories.values()];
}
