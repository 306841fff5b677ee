import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

/** A home section's h2, with its eyebrow. */
export function SectionHeading({
  id,
  eyebrow,
  children,
  align = 'start',
}: {
  id?: string;
  eyebrow?: string;
  children: ReactNode;
  align?: 'start' | 'center';
}) {
  return (
    <div className={`${styles.header} ${align === 'center' ? styles.center : ''}`}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h2 id={id} className={styles.title}>
        {children}
      </h2>
    </div>
  );
}
