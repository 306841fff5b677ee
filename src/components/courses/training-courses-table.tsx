import type { TrainingCourse } from '../../lib/admin/schemas';
import { ButtonLink } from '../ui/button-link';
import styles from './course-table.module.css';
import { href } from '../../lib/site-routes';

/** The course-details table: Code, Training Courses, Details. */
export function TrainingCoursesTable({ category, courses }: { category: string; courses: TrainingCourse[] }) {
  return (
    <table className={`${styles.table} ${styles.stacked} ${styles.compact}`}>
      <caption className="visually-hidden">Training courses in {category}</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Training Courses</th>
          <th scope="col" className={styles.action}>
            Details
          </th>
        </tr>
      </thead>
      <tbody>
        {courses.map((course) => (
          <tr key={course.id}>
            <td data-label="Code" className={styles.code}>
              {course.code}
            </td>
            <th scope="row" data-label="Training Courses">
              {course.title}
            </th>
            <td className={styles.action}>
              <ButtonLink
                href={href('/subCourse-details/[slug]', { slug: course.slug })}
                size="small"
                variant="outline"
              >
                Details<span className="visually-hidden">: {course.title}</span>
              </ButtonLink>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
