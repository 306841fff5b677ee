import { NotFoundView } from '../components/layout/not-found-view';
import { siteName } from '../lib/site-identity';

/** Waku renders this, inside the layout and with status 404, for any path no route matches. */
export default async function NotFoundPage() {
  return (
    <>
      <title>{`Page not found | ${siteName()}`}</title>
      <NotFoundView />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
