import type { PageProps } from 'waku/router';
import { CourseDetailsPage } from '../../components/courses/course-details-page';

export default async function LearningSolutionsCourseDetails({
  id,
}: PageProps<'/learning-solutions-course-details/[id]'>) {
  return <CourseDetailsPage source="learning-solutions" id={id} />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
