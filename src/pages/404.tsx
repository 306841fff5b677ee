import { NotFoundView } from '../components/layout/not-found-view';
import { Meta } from '../components/seo/meta';

/** Waku renders this, inside the layout and with status 404, for any path no route matches. */
export default async function NotFoundPage() {
  return (
    <>
      <Meta title="Page not found" description="There is no page at this address." path="/404" noindex />
      <NotFoundView />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
