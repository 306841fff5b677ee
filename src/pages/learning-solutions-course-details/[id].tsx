import type { PageProps } from 'waku/router';
import { CourseDetailsPage, loadCourseDetailsPage } from '../../components/courses/course-details-page';
import { CourseDetailsPageHead } from '../../components/seo/course-meta';

export default async function LearningSolutionsCourseDetails({
  id,
  query,
}: PageProps<'/learning-solutions-course-details/[id]'>) {
  const page = loadCourseDetailsPage('learning-solutions', id, query);
  return (
    <>
      <CourseDetailsPageHead page={page} />
      <CourseDetailsPage page={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
