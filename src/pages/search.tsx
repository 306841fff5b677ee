import type { PageProps } from 'waku/router';
import { CourseSearchPage, loadSearchPage, SearchPageHead } from '../components/search/course-search-page';

export default async function Search({ query }: PageProps<'/search'>) {
  const page = await loadSearchPage(query);
  return (
    <>
      <SearchPageHead page={page} />
      <CourseSearchPage page={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
