import { useId } from 'react';
import type { SearchIndex } from '../../lib/search/search-index';
import { searchOptions } from '../../lib/search/search-options';
import { buttonClassName } from '../ui/button-link';
import { CourseSearchFields, type CourseSearchValues } from './course-search-fields';
import styles from './find-course-panel.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

/**
 * The sidebar's 'Find a Course' panel: a GET form to /search with a keyword box and the category, venue,
 * month and year selects filled from the search index. The surrounding sidebar block carries the
 * 'Find a Course' heading.
 *
 * It renders at once, never waiting for the index: inside the sidebar's Suspense boundary a component that
 * does not suspend is part of the first HTML, which is what visitors without JavaScript get (streamed-in
 * content needs a script to be swapped in). Before the first index exists (just after a start) the selects
 * are empty and the keyword box still works; asking for the index starts building it.
 */
export function FindCoursePanel({ values }: { values?: CourseSearchValues } = {}) {
  return <FindCoursePanelView index={site().search.peek()} values={values} />;
}

/** The panel for a given index (kept apart from the index lookup so it can be unit-tested). */
export function FindCoursePanelView({
  index,
  values,
}: {
  index: SearchIndex | undefined;
  values?: CourseSearchValues | undefined;
}) {
  const idPrefix = `find-course${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <form className={styles.panel} action={href('/search')} method="get" role="search" aria-label="Find a Course">
      <CourseSearchFields idPrefix={idPrefix} options={searchOptions(index, values)} values={values ?? {}} compact />
      <button type="submit" className={`${buttonClassName('secondary')} ${styles.submit}`}>
        Search
      </button>
    </form>
  );
}
