import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/**
 * The band at the top of an inner page with its h1. `decorative` renders the same band without a heading,
 * for skeletons.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  decorative = false,
  id = 'page-title',
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  decorative?: boolean;
  id?: string;
}) {
  return (
    <header className={styles.header}>
      <div className="container">
        <p className={styles.eyebrow}>{eyebrow}</p>
        {decorative ? (
          title
        ) : (
          <h1 id={id} className={styles.title}>
            {title}
          </h1>
        )}
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      <div className={styles.strip} aria-hidden="true" />
    </header>
  );
}
