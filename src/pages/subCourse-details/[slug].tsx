import type { PageProps } from 'waku/router';
import { SubCoursePage } from '../../components/courses/sub-course-page';

export default async function SubCourseDetails({ slug }: PageProps<'/subCourse-details/[slug]'>) {
  return <SubCoursePage slug={slug} />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
