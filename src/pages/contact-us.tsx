import type { PageProps } from 'waku/router';
import { ContactPage } from '../components/contact/contact-page';

export default async function ContactUs({ query }: PageProps<'/contact-us'>) {
  return <ContactPage query={query} />;
}

export const getConfig = async () => {
  // dynamic: the query string prefills the form, and a no-JS form post must reach a dynamic page
  return { render: 'dynamic' } as const;
};
