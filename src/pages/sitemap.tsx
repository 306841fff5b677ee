import type { PageProps } from 'waku/router';
import { loadSiteMapPage, SiteMapPageHead, SiteMapPageView } from '../components/site-pages/site-map-page';

export default async function SitemapPage({ query }: PageProps<'/sitemap'>) {
  const page = await loadSiteMapPage(query);
  return (
    <>
      <SiteMapPageHead page={page} />
      <SiteMapPageView page={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
