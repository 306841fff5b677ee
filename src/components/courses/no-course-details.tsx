import { ButtonLink } from '../ui/button-link';
import styles from './no-course-details.module.css';
import { href } from '../../lib/site-routes';

/** The empty state of both course tables. */
export function NoCourseDetails() {
  return (
    <div className={styles.empty}>
      <p className={styles.text}>No details available.</p>
      <p className={styles.hint}>Ask us about upcoming dates, venues or an in-house session.</p>
      <ButtonLink href={href('/contact-us')}>Contact Us</ButtonLink>
    </div>
  );
}
