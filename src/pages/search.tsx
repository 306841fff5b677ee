import type { PageProps } from 'waku/router';
import { CourseSearchPage } from '../components/search/course-search-page';

export default async function Search({ query }: PageProps<'/search'>) {
  return <CourseSearchPage search={query} />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
