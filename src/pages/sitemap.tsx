import { Meta } from '../components/seo/meta';
import { SiteMapPage } from '../components/site-pages/site-map-page';
import { getSearchIndex } from '../lib/search/live-search-index';
import { siteMapFrom } from '../lib/seo/site-map';
import { siteName } from '../lib/site-identity';

export default async function SitemapPage() {
  // the catalogue the search index holds: no admin calls of its own (the first one waits for the index)
  const result = await getSearchIndex();
  const index = result.ok ? result.index : undefined;
  return (
    <>
      <Meta
        title="Sitemap"
        description={`Every page of the ${siteName()} website: about us, learning solutions, events, and every open course with its dates.`}
        path="/sitemap"
      />
      <SiteMapPage siteMap={siteMapFrom(index)} complete={index !== undefined} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
