import { LearningSolutions } from '../components/home/learning-solutions';
import { siteName } from '../lib/site-identity';

export default async function LearningSolutionsPage() {
  return (
    <>
      <title>{`Learning Solutions | ${siteName()}`}</title>
      <LearningSolutions level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
