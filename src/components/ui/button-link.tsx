import type { ReactNode } from 'react';
import styles from './button-link.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline';

/** A link that looks like a button (every "button" in the spec that leads somewhere is a link). */
export function ButtonLink({
  href,
  children,
  variant = 'primary',
  size,
  className,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: 'small';
  className?: string;
}) {
  const classes = [styles.button, styles[variant], size ? styles[size] : '', className].filter(Boolean).join(' ');
  return (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}

/** The same look for a real <button> (forms, toggles). */
export function buttonClassName(variant: ButtonVariant = 'primary', size?: 'small'): string {
  return [styles.button, styles[variant], size ? styles[size] : ''].filter(Boolean).join(' ');
}
