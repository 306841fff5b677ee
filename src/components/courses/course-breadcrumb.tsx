import styles from './course-breadcrumb.module.css';

export type Crumb = { label: string; href: string };

/** Home › (section) › current page; the last item is the page itself (aria-current), absent while loading. */
export function CourseBreadcrumb({ crumbs, current }: { crumbs: Crumb[]; current?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            <a href={crumb.href}>{crumb.label}</a>
          </li>
        ))}
        {current ? (
          <li>
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
