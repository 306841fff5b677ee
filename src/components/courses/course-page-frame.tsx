import type { ReactNode } from 'react';
import { isNotFound, type ContentError } from '../../lib/admin/content-error';
import { setResponseStatus } from '../../lib/response-status';
import { NotFoundView } from '../layout/not-found-view';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { CourseBreadcrumb, type Crumb } from './course-breadcrumb';
import { CourseSidebar, type SidebarCourse } from './course-sidebar';
import styles from './course-page-frame.module.css';

export const HOME_CRUMB: Crumb = { label: 'Home', href: '/' };

/**
 * The frame both course screens share: a title band with the breadcrumb, the main column and the enquiry
 * sidebar (which names the course in its forms when it is known). The page's <title> is its head's (`<Meta>`).
 */
export function CoursePageFrame({
  title,
  crumbs,
  course,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  /** The course the sidebar's forms are about; undefined when the course could not be loaded. */
  course?: SidebarCourse;
  children: ReactNode;
}) {
  return (
    <>
      <div className={styles.band}>
        <div className="container">
          <CourseBreadcrumb crumbs={crumbs} current={title} />
          <h1 className={styles.title}>{title}</h1>
        </div>
      </div>
      <div className={`container ${styles.columns}`}>
        <div className={styles.main}>{children}</div>
        <CourseSidebar course={course} />
      </div>
    </>
  );
}

/**
 * An unknown course, or a page of a category's courses that is not there (`what`). Known before the first byte (a malformed id or slug, or the admin's 404 within the
 * in-place wait), it answers 404; learnt later, once the page has started streaming with 200, the status can
 * no longer change, so the page says so and its head (CourseNotFoundMeta) asks search engines not to index it.
 */
export function CourseNotFound({ what = 'course' }: { what?: 'course' | 'page' }) {
  setResponseStatus(404);
  return <NotFoundView what={what} />;
}

/**
 * A course screen's `failed` view: the not-found page for an unknown course, else the frame with the failure
 * message in the main column (its head keeps the page's address canonical: the course is there, it could not
 * be read this time).
 */
export function courseFailure(crumbs: Crumb[]) {
  return (message: ReactNode, error: ContentError) =>
    isNotFound(error) ? (
      <CourseNotFound />
    ) : (
      <CoursePageFrame title="Course details" crumbs={crumbs}>
        {message}
      </CoursePageFrame>
    );
}

/** Stands in while a slow admin answers: the band with the breadcrumb so far, and placeholder rows. */
export function CoursePageSkeleton({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <LoadingRegion label="Loading the course">
      <div className={styles.band}>
        <div className="container">
          <CourseBreadcrumb crumbs={crumbs} />
          <Skeleton className={styles.skeletonTitle} />
        </div>
      </div>
      <div className={`container ${styles.columns}`}>
        <div className={styles.main}>
          {[100, 100, 100, 70].map((width, index) => (
            <Skeleton key={index} className={styles.skeletonRow} style={{ width: `${width}%` }} />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
