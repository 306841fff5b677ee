import { getConferences, getConsultations, getDestinationTraining } from '../../lib/content';
import { describeText } from '../../lib/seo/plain-text';
import { siteName } from '../../lib/site-identity';
import { linkTo } from '../../lib/site-routes';
import { Meta } from '../seo/meta';
import { PageHead } from '../seo/page-head';
import { ContentPage, toPageContent } from './content-page';

/**
 * The pages that are one admin text with its pictures, each by its data: what it loads, what its header
 * band says above the title, how many pictures it usually has, and what its description says when the admin
 * gives none. Its title and address are the route table's.
 */
const ADMIN_CONTENT_PAGES = {
  '/conferences': {
    load: getConferences,
    eyebrow: 'Events',
    imageSlots: 2,
    about: (site: string) => `Conferences and summits organised by ${site}.`,
  },
  '/destination-training': {
    load: getDestinationTraining,
    eyebrow: 'Learn abroad',
    imageSlots: 2,
    about: (site: string) => `Training programmes abroad, organised by ${site}.`,
  },
  '/consultations': {
    load: getConsultations,
    eyebrow: 'Advisory services',
    imageSlots: 1,
    about: (site: string) => `Training needs analysis and advisory services from ${site}.`,
  },
} as const;

/** One of those pages: its head and its body from one load, started here. */
export async function AdminContentPage({ route }: { route: keyof typeof ADMIN_CONTENT_PAGES }) {
  const { load, eyebrow, imageSlots, about } = ADMIN_CONTENT_PAGES[route];
  const page = load();
  return (
    <>
      <PageHead data={page}>
        {(data) => {
          const content = data && toPageContent(data);
          return (
            <Meta
              description={describeText(content?.description, about(siteName()))}
              route={route}
              image={content?.images[0]}
            />
          );
        }}
      </PageHead>
      <ContentPage data={page} fallbackTitle={linkTo(route).label} eyebrow={eyebrow} imageSlots={imageSlots} />
    </>
  );
}
