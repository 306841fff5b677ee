/**
 * What goes in a page's <head> for search engines and shared links, as plain data: the one place titles,
 * descriptions, canonical addresses and social-card tags are decided. `<Meta>` renders it.
 */
import { pageHref } from '../list-pages';
import { clip } from './plain-text';

/**
 * Search results show about 60 characters of a title and about 155 of a description. A page's own name is
 * kept whole up to TITLE_MAX (a course title is what people search for; the engine shortens the display,
 * not the match); only a runaway admin title is cut.
 */
export const TITLE_MAX = 90;
export const DESCRIPTION_MAX = 160;

/** The site's own card picture (public/), for pages whose content has none. */
export const DEFAULT_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
};

/** Who the site speaks for, as the owner configured it (siteIdentity()). */
type HeadSite = { name: string; location: string | undefined };

function defaultImageAlt(site: HeadSite): string {
  return `${site.name}: corporate training${site.location ? ` from ${site.location}` : ''}`;
}

export type PageHeadInput = {
  /** The page's own name ("About Us"); the site name is added. */
  title: string;
  /** Plain text; clipped to DESCRIPTION_MAX at a word. */
  description: string;
  /** The canonical path, percent-encoded, without a query ("/subCourse-details/x"). */
  path: string;
  /**
   * Page 2 on of a list in pages (record 040): its canonical address is its own (`?page=2`) and its title
   * says which page it is, so no two pages of one list look like one page to a search engine.
   */
  page?: number;
  /** The site's public origin ("https://www.example.com"). */
  origin: string;
  site: HeadSite;
  /** The content's own picture, if it has one (absolute, or relative to the site). */
  image?: string | undefined;
  /** Pages not worth a search result (not found, search results): `noindex` and no canonical. */
  noindex?: boolean;
  /** The home page's title is used as given. */
  titleIsComplete?: boolean;
};

type HeadTag = { name: string; content: string } | { property: string; content: string };

export type PageHead = {
  title: string;
  description: string;
  canonical: string | undefined;
  meta: HeadTag[];
};

/**
 * Social networks do not render SVG cards, and only http(s) addresses can be fetched by them; another
 * picture falls back to the site's own.
 */
function cardImage(
  image: string | undefined,
  origin: string,
  site: HeadSite,
): { url: string; alt?: string; width?: number; height?: number } {
  const candidate = image?.trim();
  if (candidate) {
    try {
      const url = new URL(candidate, `${origin}/`);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !/\.svgz?$/i.test(url.pathname))
        return { url: url.href };
    } catch {
      // not an address: use the default
    }
  }
  return {
    url: `${origin}${DEFAULT_IMAGE.path}`,
    alt: defaultImageAlt(site),
    width: DEFAULT_IMAGE.width,
    height: DEFAULT_IMAGE.height,
  };
}

export function pageHead(input: PageHeadInput): PageHead {
  const suffix = ` | ${input.site.name}`;
  const page = input.page ?? 1;
  // the page's number is never clipped away with a long name
  const pageMark = page > 1 ? ` – page ${page}` : '';
  const name = input.title.replace(/\s+/g, ' ').trim() || input.site.name;
  const ownTitle = `${name}${pageMark}`;
  const title = input.titleIsComplete
    ? `${clip(name, TITLE_MAX - pageMark.length)}${pageMark}`
    : `${clip(name, TITLE_MAX - suffix.length - pageMark.length)}${pageMark}${suffix}`;
  const description = clip(input.description.replace(/\s+/g, ' '), DESCRIPTION_MAX);
  const canonical = input.noindex ? undefined : new URL(pageHref(input.path, page), `${input.origin}/`).href;
  const image = cardImage(input.image, input.origin, input.site);
  const socialTitle = input.titleIsComplete ? title : ownTitle;

  const meta: HeadTag[] = [
    ...(input.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: input.site.name },
    { property: 'og:title', content: socialTitle },
    { property: 'og:description', content: description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: image.url },
    ...(image.width ? [{ property: 'og:image:width', content: String(image.width) }] : []),
    ...(image.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
    ...(image.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: socialTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image.url },
    ...(image.alt ? [{ name: 'twitter:image:alt', content: image.alt }] : []),
  ];
  return { title, description, canonical, meta };
}
