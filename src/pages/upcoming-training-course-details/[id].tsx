import type { PageProps } from 'waku/router';
import { CourseDetailsPage } from '../../components/courses/course-details-page';

export default async function UpcomingTrainingCourseDetails({
  id,
}: PageProps<'/upcoming-training-course-details/[id]'>) {
  return <CourseDetailsPage source="open-courses" id={id} />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
