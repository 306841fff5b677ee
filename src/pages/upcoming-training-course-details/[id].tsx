import type { PageProps } from 'waku/router';
import { CourseDetailsPage, loadCourseDetailsPage } from '../../components/courses/course-details-page';
import { CourseDetailsPageHead } from '../../components/seo/course-meta';

export default async function UpcomingTrainingCourseDetails({
  id,
  query,
}: PageProps<'/upcoming-training-course-details/[id]'>) {
  const page = loadCourseDetailsPage('open-courses', id, query);
  return (
    <>
      <CourseDetailsPageHead page={page} />
      <CourseDetailsPage page={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
