import type { ReactNode } from 'react';
import { CourseBreadcrumb, type Crumb } from './course-breadcrumb';
import { CourseSidebar } from './course-sidebar';
import styles from './course-page-frame.module.css';

/**
 * The frame both course screens share: a title band with the breadcrumb, the main column and the enquiry
 * sidebar (which names the course in its forms when it is known).
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
  course?: string;
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
