import type { PageProps } from 'waku/router';
import { ContactPage } from '../components/contact/contact-page';
import { Meta } from '../components/seo/meta';
import { siteIdentity } from '../lib/site-identity';

export default async function ContactUs({ query }: PageProps<'/contact-us'>) {
  const { name, location } = siteIdentity();
  return (
    <>
      <Meta
        description={`Ask ${name}${location ? ` in ${location}` : ''} about a course, dates for your team or an in-house programme: an adviser answers within one working day.`}
        route="/contact-us"
      />
      <ContactPage query={query} />
    </>
  );
}

// dynamic: the query string prefills the form, and a no-JS form post must reach a dynamic page
export const getConfig = async () => ({ render: 'dynamic' }) as const;
