import type { PageProps } from 'waku/router';
import { loadSubCoursePage, SubCoursePage } from '../../components/courses/sub-course-page';
import { SubCoursePageHead } from '../../components/seo/course-meta';

export default async function SubCourseDetails({ slug }: PageProps<'/subCourse-details/[slug]'>) {
  const page = loadSubCoursePage(slug);
  return (
    <>
      <SubCoursePageHead page={page} />
      <SubCoursePage page={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
