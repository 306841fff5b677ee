import { LearningSolutions } from '../components/home/learning-solutions';
import { SITE_NAME } from '../lib/site';

export default async function LearningSolutionsPage() {
  return (
    <>
      <title>{`Learning Solutions | ${SITE_NAME}`}</title>
      <LearningSolutions level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
