import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** A grey placeholder block; `className` sizes it. Hidden from assistive technology. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={style} />;
}

/** A loading region: announced once as busy, its placeholders hidden. */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}
