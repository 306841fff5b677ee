import { LearningSolutions } from '../components/home/learning-solutions';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { getLearningSolutions } from '../lib/admin/content.server';
import { listOf } from '../lib/seo/plain-text';

export default async function LearningSolutionsPage() {
  const solutions = await contentNow(getLearningSolutions());
  const fields = solutions?.length ? ` in ${listOf(solutions.map((solution) => solution.title))}` : '';
  return (
    <>
      <Meta
        title="Learning Solutions"
        description={`Complete training programmes${fields}, each with its own course schedule.`}
        path="/learning-solutions"
      />
      <LearningSolutions level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
