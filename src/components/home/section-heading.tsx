import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

export type HeadingLevel = 1 | 2;

/** A block's heading: h1 when the block is the whole page (/about), h2 when it is a home section. */
export function SectionHeading({
  id,
  level = 2,
  eyebrow,
  children,
  align = 'start',
}: {
  id?: string;
  level?: HeadingLevel;
  eyebrow?: string;
  children: ReactNode;
  align?: 'start' | 'center';
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={`${styles.header} ${align === 'center' ? styles.center : ''}`}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <Heading id={id} className={level === 1 ? styles.pageTitle : styles.title}>
        {children}
      </Heading>
    </div>
  );
}
