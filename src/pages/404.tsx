import { NotFoundView } from '../components/layout/not-found-view';
import { Meta } from '../components/seo/meta';
import { NOT_FOUND_PAGE } from '../lib/site-routes';

/** Waku renders this, inside the layout and with status 404, for any path no route matches. */
export default async function NotFoundPage() {
  return (
    <>
      <Meta
        title={NOT_FOUND_PAGE.title}
        description="There is no page at this address."
        path={NOT_FOUND_PAGE.path}
        noindex
      />
      <NotFoundView />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
