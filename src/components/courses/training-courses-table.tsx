import type { TrainingCourse } from '../../lib/admin/schemas';
import { ButtonLink } from '../ui/button-link';
import styles from './course-table.module.css';

/** The course-details table: Code, Training Courses, Details. */
export function TrainingCoursesTable({ category, courses }: { category: string; courses: TrainingCourse[] }) {
  return (
    <table className={`${styles.table} ${styles.stacked} ${styles.compact}`} role="table">
      <caption className="visually-hidden">Training courses in {category}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Code
          </th>
          <th scope="col" role="columnheader">
            Training Courses
          </th>
          <th scope="col" role="columnheader" className={styles.action}>
            Details
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {courses.map((course) => (
          <tr key={course.id} role="row">
            <td role="cell" data-label="Code" className={styles.code}>
              {course.code}
            </td>
            <th scope="row" role="rowheader" data-label="Training Courses">
              {course.title}
            </th>
            <td role="cell" className={styles.action}>
              <ButtonLink href={`/subCourse-details/${encodeURIComponent(course.slug)}`} size="small" variant="outline">
                Details<span className="visually-hidden">: {course.title}</span>
              </ButtonLink>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
