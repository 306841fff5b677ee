import type { SiteMap, SiteMapSection } from '../../lib/seo/site-map';
import { PageHeader } from '../content-page/page-header';
import styles from './site-pages.module.css';

/** /sitemap for people: the same pages as /sitemap.xml, grouped as the menu groups them. */
export function SiteMapPage({ siteMap, complete }: { siteMap: SiteMap; complete: boolean }) {
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <PageHeader eyebrow="Find your way" title="Sitemap" lead="Every page of this website, with every course." />
      <div className={`container ${styles.groups}`}>
        <section aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">Pages</h2>
          <ul className={styles.list}>
            {siteMap.pages.map((page) => (
              <li key={page.path}>
                <a href={page.path}>{page.title}</a>
              </li>
            ))}
          </ul>
        </section>
        <div>
          {complete ? null : (
            <p role="status">The course list cannot be read right now; please look again in a minute.</p>
          )}
          <CourseGroup id="sitemap-upcoming" title="Upcoming training courses" sections={siteMap.upcoming} />
          <CourseGroup id="sitemap-solutions" title="Learning solutions" sections={siteMap.solutions} />
        </div>
      </div>
    </article>
  );
}

function CourseGroup({ id, title, sections }: { id: string; title: string; sections: SiteMapSection[] }) {
  if (sections.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {sections.map((section) => (
        <div key={section.path}>
          <h3>
            <a href={section.path}>{section.title}</a>
          </h3>
          {section.courses.length ? (
            <ul className={styles.list}>
              {section.courses.map((course) => (
                <li key={course.path}>
                  <a href={course.path}>{course.title}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </section>
  );
}
