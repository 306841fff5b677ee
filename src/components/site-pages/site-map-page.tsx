import { pageHref, requestedPage } from '../../lib/list-pages';
import { setResponseStatus } from '../../lib/response-status';
import { siteMapFrom, siteMapPage, type SiteMapPage, type SiteMapPageSection } from '../../lib/seo/site-map';
import { siteName } from '../../lib/site-identity';
import { PageHeader } from '../content-page/page-header';
import { NotFoundView } from '../layout/not-found-view';
import { Meta } from '../seo/meta';
import { Pagination } from '../ui/pagination';
import styles from './site-pages.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

const PATH = href('/sitemap');

/**
 * The /sitemap page's data: the page of the site map asked for (`?page=`, record 040) from the catalogue the
 * search index holds (no admin calls of its own; the first one waits for the index). `shown` is null when
 * the address names no page of it; `complete` is false when the catalogue cannot be read right now.
 */
export async function loadSiteMapPage(query: string | undefined) {
  const result = await site().search.get();
  const index = result.ok ? result.index : undefined;
  const page = requestedPage(query);
  const shown = page === null ? null : siteMapPage(siteMapFrom(index), page);
  return { page, shown, complete: index !== undefined };
}

export type SiteMapPageData = Awaited<ReturnType<typeof loadSiteMapPage>>;

/** /sitemap's head: each of its pages has its own canonical address and title; no page, no index. */
export function SiteMapPageHead({ page: { shown, complete } }: { page: SiteMapPageData }) {
  if (!shown) {
    return complete ? (
      <Meta title="Page not found" description="The sitemap has no page at this address." path={PATH} noindex />
    ) : (
      <Meta title="Sitemap" description="The course list cannot be read right now." path={PATH} noindex />
    );
  }
  return (
    <Meta
      title="Sitemap"
      description={`Every page of the ${siteName()} website: about us, learning solutions, events, and every open course with its dates.`}
      path={PATH}
      page={shown.page}
    />
  );
}

/**
 * /sitemap for people: the same pages as /sitemap.xml, grouped as the menu groups them, in pages. A page
 * number it does not have is a 404; a later page while the catalogue cannot be read is a 503 (it will be
 * back), not a 404.
 */
export function SiteMapPageView({ page: { page, shown, complete } }: { page: SiteMapPageData }) {
  if (!shown && !complete && page !== null) {
    setResponseStatus(503, { 'retry-after': '60' });
    return <SiteMap shown={{ pages: [], upcoming: [], solutions: [], page, pageCount: 1 }} complete={false} />;
  }
  if (!shown) {
    setResponseStatus(404);
    return <NotFoundView />;
  }
  return <SiteMap shown={shown} complete={complete} />;
}

function SiteMap({ shown, complete }: { shown: SiteMapPage; complete: boolean }) {
  const inPages = shown.pageCount > 1;
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <PageHeader
        eyebrow="Find your way"
        title="Sitemap"
        lead={`Every page of this website, with every course.${inPages ? ` Page ${shown.page} of ${shown.pageCount}.` : ''}`}
      />
      <div className={`container ${styles.groups}`}>
        {shown.pages.length ? (
          <section aria-labelledby="sitemap-pages">
            <h2 id="sitemap-pages">Pages</h2>
            <ul className={styles.list}>
              {shown.pages.map((page) => (
                <li key={page.path}>
                  <a href={page.path}>{page.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div>
          {complete ? null : (
            <p role="status">The course list cannot be read right now; please look again in a minute.</p>
          )}
          <CourseGroup id="sitemap-upcoming" title="Upcoming training courses" sections={shown.upcoming} />
          <CourseGroup id="sitemap-solutions" title="Learning solutions" sections={shown.solutions} />
          <Pagination
            label="Sitemap pages"
            page={shown.page}
            pageCount={shown.pageCount}
            href={(number) => pageHref(PATH, number)}
          />
        </div>
      </div>
    </article>
  );
}

function CourseGroup({ id, title, sections }: { id: string; title: string; sections: SiteMapPageSection[] }) {
  if (sections.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {sections.map((section) => (
        <div key={section.path}>
          <h3>
            <a href={section.path}>{section.title}</a>
            {section.continued ? ' (continued)' : null}
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
