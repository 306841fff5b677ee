import { SidebarEnquiry } from '../enquiry/enquiry-forms';
import { FindCoursePanel } from '../search/find-course-panel';
import { ButtonLink } from '../ui/button-link';
import { inHouseProposalHref } from '../../lib/enquiry-links';
import styles from './course-sidebar.module.css';
import { href } from '../../lib/site-routes';

/**
 * The course a sidebar is beside: its title (for the words) and its page's path, the reference its forms
 * send so the server records the course it looks up (src/lib/enquiry-form/course-context.ts).
 */
export type SidebarCourse = { title: string; page: string };

/**
 * The course screens' sidebar: course search, Call Me Back, the in-house proposal
 * link and Quick Inquiry. The frames and headings are ours; the forms inside belong to the search and
 * enquiry components. The heading ids are fixed because a page has one sidebar.
 */
export function CourseSidebar({ course }: { course?: SidebarCourse | undefined }) {
  return (
    <aside className={styles.sidebar} aria-label="Course search and enquiries">
      <section className={styles.block} aria-labelledby="sidebar-find-course">
        <h2 id="sidebar-find-course" className={styles.heading}>
          Find a Course
        </h2>
        {/* Not behind Suspense: the panel never waits (it uses the last index), and a suspended block would
            stay hidden for visitors without JavaScript. */}
        <FindCoursePanel />
      </section>

      <section className={styles.block} aria-labelledby="sidebar-call-me-back">
        <h2 id="sidebar-call-me-back" className={styles.heading}>
          Call Me Back
        </h2>
        <SidebarEnquiry kind="call-me-back" context={course?.page} />
      </section>

      <section className={`${styles.block} ${styles.proposal}`} aria-labelledby="sidebar-in-house">
        <h2 id="sidebar-in-house" className={styles.heading}>
          Training for your team?
        </h2>
        <p className={styles.lead}>
          We deliver {course ? 'this course' : 'our courses'} at your premises, on your dates, tailored to your
          organisation.
        </p>
        <ButtonLink
          href={
            course
              ? inHouseProposalHref(course.title)
              : href('/contact-us', { query: { trainingFor: 'team' }, hash: 'enquiry' })
          }
          variant="secondary"
          className={styles.wide}
        >
          Request In-House Proposal
        </ButtonLink>
      </section>

      <section className={styles.block} aria-labelledby="sidebar-quick-inquiry">
        <h2 id="sidebar-quick-inquiry" className={styles.heading}>
          Quick Inquiry
        </h2>
        <SidebarEnquiry kind="quick-inquiry" context={course?.page} />
      </section>
    </aside>
  );
}
