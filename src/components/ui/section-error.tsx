import type { ContentError } from '../../lib/admin/content-error';
import styles from './section-error.module.css';

/**
 * A section whose admin call failed: one short human message, the rest of the page still renders. What went
 * wrong (the kind of failure) is for the server's log, not the page.
 */
export function SectionError({ error, what }: { error: ContentError; what: string }) {
  const reason =
    error.kind === 'TIMEOUT_ERROR'
      ? 'is taking too long to load'
      : error.kind === 'HTTP_ERROR' && error.status === 404
        ? 'could not be found'
        : 'could not be loaded right now';
  return (
    <div className={styles.error} role="status">
      <p>
        {what} {reason}. Please try again in a minute.
      </p>
    </div>
  );
}
