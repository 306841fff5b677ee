import type { CourseVenue } from '../../lib/admin/schemas';
import { registrationHref } from '../../lib/enquiry-form/registration-session';
import { formatDate, formatFee } from '../../lib/format';
import { calendarHref } from '../../lib/seo/calendar';
import { ButtonLink } from '../ui/button-link';
import styles from './course-table.module.css';

/**
 * The sub-course table: one row per session, each with a Register link to the session's registration form
 * and the session as a calendar file.
 */
export function CourseSessionsTable({
  course,
  slug,
  sessions,
}: {
  course: string;
  slug: string;
  sessions: CourseVenue[];
}) {
  return (
    <table className={`${styles.table} ${styles.stacked}`}>
      <caption className="visually-hidden">Dates, venues and fees for {course}</caption>
      <thead>
        <tr>
          <th scope="col">Course Title</th>
          <th scope="col">Start Date</th>
          <th scope="col">End Date</th>
          <th scope="col">Venue</th>
          <th scope="col">Fees (US $)</th>
          <th scope="col" className={styles.action}>
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((session, index) => {
          const start = formatDate(session.start_date);
          const end = formatDate(session.end_date);
          return (
            // the admin gives sessions no id; two sessions can share dates in different cities
            <tr key={`${session.start_date}-${session.venue_name}-${index}`}>
              <th scope="row" data-label="Course Title" className={styles.repeatedTitle}>
                {course}
              </th>
              <td data-label="Start Date" className={styles.nowrap}>
                <time dateTime={session.start_date}>{start}</time>
              </td>
              <td data-label="End Date" className={styles.nowrap}>
                <time dateTime={session.end_date}>{end}</time>
              </td>
              <td data-label="Venue">{session.venue_name}</td>
              <td data-label="Fees (US $)" className={styles.fee}>
                {formatFee(session.course_fee)}
              </td>
              <td className={styles.action}>
                <div className={styles.actionLinks}>
                  <ButtonLink href={registrationHref(slug, session)} size="small">
                    Register
                    <span className="visually-hidden">
                      {' '}
                      for {course}, {start} to {end}, {session.venue_name}
                    </span>
                  </ButtonLink>
                  <ButtonLink href={calendarHref(slug, index + 1)} variant="outline" size="small">
                    Add to calendar
                    <span className="visually-hidden">
                      {' '}
                      ({course}, {start} to {end}, {session.venue_name}, .ics file)
                    </span>
                  </ButtonLink>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
