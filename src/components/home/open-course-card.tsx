import type { OpenCourse } from '../../lib/admin/schemas';
import { countdownText, formatDate } from '../../lib/format';
import { ButtonLink } from '../ui/button-link';
import { CourseCountdown } from './course-countdown';
import styles from './open-course-card.module.css';
import { AdminImage } from '../ui/admin-image';
import { href } from '../../lib/site-routes';

/** One open course: picture, title, summary, time left and the way to its dates. */
export function OpenCourseCard({ course, now }: { course: OpenCourse; now: number }) {
  const thumb = course.thumb_image;
  const titleId = `upcoming-course-${course.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-upcoming-course={course.id}>
      {/* The title next to it says what the picture shows. */}
      {thumb ? (
        <AdminImage
          className={styles.thumb}
          src={thumb}
          place="courseCard"
          alt=""
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className={styles.thumb} />
      )}
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title} title={course.title}>
          {course.title}
        </h3>
        <p className={styles.summary}>{course.short_desc}</p>
        <dl className={styles.meta}>
          <div>
            <dt>Starts</dt>
            <dd>{formatDate(course.starting_date)}</dd>
          </div>
          {course.location ? (
            <div>
              <dt>Venue</dt>
              <dd>{course.location}</dd>
            </div>
          ) : null}
          {course.class_timing ? (
            <div>
              <dt>Class time</dt>
              <dd>{course.class_timing}</dd>
            </div>
          ) : null}
        </dl>
        {countdownText(course.remaining_time, now) ? (
          <p className={styles.countdown}>
            <ClockIcon />
            <CourseCountdown startsAt={course.remaining_time} serverNow={now} />
          </p>
        ) : null}
        <ButtonLink
          href={href('/upcoming-training-course-details/[id]', { id: course.id })}
          size="small"
          className={styles.more}
        >
          SEE MORE<span className="visually-hidden"> about {course.title}</span>
        </ButtonLink>
      </div>
    </article>
  );
}

function ClockIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
