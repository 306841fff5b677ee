/**
 * Gathers the catalogue the index is built from, through the content layer (so page views and the index
 * share one cache): both category lists, every category, every sub-course's sessions. At most
 * MAX_CONCURRENCY calls run at once, and the sub-course calls (one per course: the part that grows with the
 * catalogue) start no closer together than `intervalMs`, so the admin sees a steady trickle rather than a
 * burst the size of the catalogue. A part that fails is taken from the previous catalogue, so an
 * admin hiccup keeps the last good data instead of emptying the search; a 404 is an answer and drops the part.
 * Failures are returned, not logged: the content cache logs each failed call already, and the index store
 * logs one line per build.
 */
import { isNotFound, type ContentError, type ContentResult } from '../admin/content-error';
import type { CourseCategory, CourseVenue, LearningSolution, OpenCourse, SubCourse } from '../admin/schemas';
import type { Catalogue, CatalogueCategory, CategoryKind } from './search-index';

/** What the index reads of a category list's entry: the category's id and its name. */
type ListedCategory = Pick<OpenCourse, 'id' | 'title'> | Pick<LearningSolution, 'id' | 'title'>;

/** The content functions the index needs (content.ts provides them). */
export type CatalogueSource = {
  getOpenCourses(): Promise<ContentResult<readonly Pick<OpenCourse, 'id' | 'title'>[]>>;
  getLearningSolutions(): Promise<ContentResult<readonly Pick<LearningSolution, 'id' | 'title'>[]>>;
  getOpenCourseCategory(id: number): Promise<ContentResult<CourseCategory>>;
  getLearningSolutionCategory(id: number): Promise<ContentResult<CourseCategory>>;
  getSubCourse(slug: string): Promise<ContentResult<SubCourse>>;
};

export type LoadedCatalogue = Catalogue & {
  /** What could not be loaded, and whether the previous catalogue's copy was kept instead. */
  failures: { what: string; error: ContentError; kept: boolean }[];
  /**
   * Set when the crawl stopped before the last sub-course (its call budget was spent): where to resume.
   * `sessionsBySlug` then holds what this pass has read so far (and the previous copies of failed parts).
   */
  stoppedAt?: CrawlCursor;
  /** The categories were read whole (see CrawlCursor). */
  whole: boolean;
};

/** Where a pass of the crawl is: the categories it read, every slug it must read, and how many it has read. */
export type CrawlCursor = {
  categories: CatalogueCategory[];
  slugs: readonly string[];
  /** Slugs before this position have been read. */
  next: number;
  /** What the pass has read so far. */
  sessionsBySlug: ReadonlyMap<string, readonly CourseVenue[]>;
  descriptionsBySlug: ReadonlyMap<string, string>;
  /**
   * Both lists and every category answered (a 404 is an answer). False when a call failed: the categories
   * are then partly the previous catalogue's or missing, and say nothing of which courses do not exist.
   */
  whole: boolean;
};

export type LoadCatalogueOptions = {
  previous?: Catalogue;
  /** Admin calls in flight at once (at most MAX_CONCURRENCY). */
  concurrency?: number;
  /** Least time between the starts of two sub-course calls. */
  intervalMs?: number;
  /**
   * Called once the categories are known, before the sub-courses are read (every course's title and slug).
   * `whole`: they were read whole (see CrawlCursor); a resumed pass says what its first run found.
   */
  onCategories?: (categories: CatalogueCategory[], whole: boolean) => void;
  /** Called after every call that answered (the build is alive). */
  onProgress?: () => void;
  /** Waits `ms` (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
  /** Continue a pass that stopped (a restart, or the previous scheduled run): its categories are not read again. */
  resume?: CrawlCursor;
  /** Stop after this many admin calls (a scheduled run's budget); `stoppedAt` then says where to resume. */
  maxCalls?: number;
  /** Called as the pass moves on (after the categories, then after each sub-course), to save the cursor. */
  onCursor?: (cursor: CrawlCursor) => void;
};

/** How much of each course's text the index keeps: enough for its summary (courseSummary), bounded. */
const DESCRIPTION_KEPT = 2000;

/** Never more admin calls than this at once from the index, whatever the settings say. */
const MAX_CONCURRENCY = 4;

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    (timer as { unref?: () => void }).unref?.();
  });

export async function loadCatalogue(
  source: CatalogueSource,
  options: LoadCatalogueOptions = {},
): Promise<LoadedCatalogue> {
  const { previous, intervalMs = 0, onCategories, onProgress = () => {}, sleep = realSleep } = options;
  const concurrency = Math.max(1, Math.min(MAX_CONCURRENCY, options.concurrency ?? 2));
  const failures: LoadedCatalogue['failures'] = [];
  const fail = (what: string, error: ContentError, kept: boolean) => failures.push({ what, error, kept });

  let calls = 0;
  const budgetLeft = () => options.maxCalls === undefined || calls < options.maxCalls;

  let categories: CatalogueCategory[];
  let whole: boolean;
  if (options.resume) {
    categories = options.resume.categories;
    whole = options.resume.whole;
  } else {
    calls += 2;
    const [upcoming, solutions] = await Promise.all([source.getOpenCourses(), source.getLearningSolutions()]);
    onProgress();
    const lists: {
      kind: CategoryKind;
      what: string;
      result: ContentResult<readonly ListedCategory[]>;
    }[] = [
      { kind: 'upcoming', what: 'the upcoming courses', result: upcoming },
      { kind: 'solution', what: 'the learning solutions', result: solutions },
    ];
    const wanted: Pick<CatalogueCategory, 'kind' | 'id' | 'title'>[] = lists.flatMap(({ kind, what, result }) => {
      if (result.ok) return result.data.map((item) => ({ kind, id: item.id, title: item.title }));
      const kept = (previous?.categories ?? []).filter((category) => category.kind === kind);
      fail(what, result.error, kept.length > 0);
      return kept.map(({ id, title }) => ({ kind, id, title }));
    });

    // the categories are read whole even past the budget: a half-read list would drop courses from the index
    const loaded = await mapWithConcurrency(
      wanted,
      concurrency,
      async ({ kind, id, title }): Promise<CatalogueCategory | undefined> => {
        calls += 1;
        const result =
          kind === 'upcoming' ? await source.getOpenCourseCategory(id) : await source.getLearningSolutionCategory(id);
        onProgress();
        if (result.ok) {
          const own = result.data.title || title;
          // the list's title is the home page card's: a visitor who read it there searches for it
          const listed = title && title !== own ? { listedTitle: title } : {};
          return { kind, id, title: own, ...listed, courses: result.data.training_course };
        }
        if (isNotFound(result.error)) return undefined;
        const kept = previous?.categories.find((category) => category.kind === kind && category.id === id);
        fail(`category ${kind}-${id}`, result.error, kept !== undefined);
        return kept;
      },
    );
    categories = loaded.filter((category): category is CatalogueCategory => category !== undefined);
    whole = failures.length === 0;
  }
  onCategories?.(categories, whole);

  const slugs = options.resume?.slugs ?? courseSlugs(categories);
  const sessionsBySlug = new Map<string, readonly CourseVenue[]>(options.resume?.sessionsBySlug ?? []);
  const descriptionsBySlug = new Map<string, string>(options.resume?.descriptionsBySlug ?? []);
  const start = Math.min(options.resume?.next ?? 0, slugs.length);
  // `next` only moves past slugs whose call has settled, so a cursor saved mid-way never skips one
  const settled = new Array<boolean>(slugs.length).fill(false).fill(true, 0, start);
  let next = start;
  const cursor = (): CrawlCursor => ({ categories, slugs, next, sessionsBySlug, descriptionsBySlug, whole });
  options.onCursor?.(cursor());

  let nextStartAt = 0;
  await mapWithConcurrency(slugs.slice(start), concurrency, async (slug, offset): Promise<void> => {
    if (!budgetLeft()) return;
    calls += 1;
    if (intervalMs > 0) {
      const startAt = Math.max(Date.now(), nextStartAt);
      nextStartAt = startAt + intervalMs;
      if (startAt > Date.now()) await sleep(startAt - Date.now());
    }
    const result = await source.getSubCourse(slug);
    onProgress();
    if (result.ok) {
      sessionsBySlug.set(slug, result.data.course_venue);
      // the opening of the text is kept, not parsed here: the crawl stays cheap (a category page reads
      // its courses' summaries from it when it renders)
      const opening = result.data.description.slice(0, DESCRIPTION_KEPT);
      if (opening) descriptionsBySlug.set(slug, opening);
    } else if (!isNotFound(result.error)) {
      const kept = previous?.sessionsBySlug.get(slug);
      fail(`sub-course ${slug}`, result.error, kept !== undefined);
      if (kept) sessionsBySlug.set(slug, kept);
      const keptOpening = previous?.descriptionsBySlug?.get(slug);
      if (keptOpening) descriptionsBySlug.set(slug, keptOpening);
    }
    settled[start + offset] = true;
    while (next < slugs.length && settled[next]) next += 1;
    options.onCursor?.(cursor());
  });

  return {
    categories,
    sessionsBySlug,
    descriptionsBySlug,
    failures,
    whole,
    ...(next < slugs.length ? { stoppedAt: cursor() } : {}),
  };
}

/** Every sub-course slug of the categories, once each. */
export function courseSlugs(categories: readonly CatalogueCategory[]): string[] {
  return [...new Set(categories.flatMap((category) => category.courses.map((course) => course.slug)))];
}

/** `map` with at most `limit` calls of `fn` pending at once; results keep the input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
