import { pageHead, type PageHeadInput } from '../../lib/seo/page-head';
import { jsonLd, type JsonLdObject } from '../../lib/seo/structured-data';
import { siteIdentity } from '../../lib/site-identity';
import { siteOrigin } from '../../lib/site-origin';
import { linkTo, type FixedPagePath } from '../../lib/site-routes';

/**
 * Which page the head is for: a page with a fixed address names its `route`, and its title and canonical path
 * come from the route table (a title of its own may replace the table's); a page whose address varies (a
 * course, a category) gives both, its path made by the table's `href`.
 */
type MetaAddress =
  { route: FixedPagePath; title?: string; path?: never } | { route?: never; title: string; path: string };

export type MetaProps = Omit<PageHeadInput, 'origin' | 'site' | 'title' | 'path'> &
  MetaAddress & {
    /** The page's structured data (the provider is added for every page by the document). */
    structuredData?: readonly JsonLdObject[];
  };

/**
 * The one way a page declares its head: title, description, canonical link, Open Graph and Twitter card,
 * and its structured data. Each route renders it once, at its top: from admin data through `PageHead` (the
 * route's own load, decided in place or not once with the section showing it: in the first HTML), otherwise
 * directly. React hoists <title>, <meta> and <link> into <head>.
 */
export function Meta({ structuredData = [], route, title, path, ...input }: MetaProps) {
  const address = route
    ? { title: title ?? linkTo(route).label, path: linkTo(route).href }
    : { title: title!, path: path! };
  const head = pageHead({ ...input, ...address, origin: siteOrigin(), site: siteIdentity() });
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.meta.map((tag) =>
        'property' in tag ? (
          <meta key={`p:${tag.property}`} property={tag.property} content={tag.content} />
        ) : (
          <meta key={`n:${tag.name}`} name={tag.name} content={tag.content} />
        ),
      )}
      {structuredData.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
    </>
  );
}

/** A JSON-LD block: data for crawlers, not a script (the CSP does not apply to it and no browser runs it). */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
