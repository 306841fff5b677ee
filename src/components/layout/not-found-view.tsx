import { ButtonLink } from '../ui/button-link';
import { SectionLinks } from './section-links';
import styles from './not-found-view.module.css';

/**
 * The body of the 404 page, also rendered by pages for an unknown id or slug (`what="course"`).
 * The caller sets the 404 status (src/pages/404.tsx gets it from Waku; pages call setResponseStatus).
 */
export function NotFoundView({ what = 'page' }: { what?: string }) {
  return (
    <section className={`container ${styles.wrap}`} aria-labelledby="not-found-title">
      <p className={styles.code}>Error 404</p>
      <h1 id="not-found-title" className={styles.title}>
        {`We could not find that ${what}`}
      </h1>
      <p className={styles.text}>
        {`The address may be mistyped, or the ${what} may have moved or been removed. `}
        You can start again from the home page or go straight to one of our main sections.
      </p>
      <p>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </p>
      <nav aria-labelledby="not-found-sections">
        <h2 id="not-found-sections" className={styles.sectionsTitle}>
          Main sections
        </h2>
        <SectionLinks className={styles.sections} />
      </nav>
    </section>
  );
}
