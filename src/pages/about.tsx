import { AboutBlock } from '../components/home/about-block';
import { SITE_NAME } from '../lib/site';

export default async function AboutPage() {
  return (
    <>
      <title>{`About Us | ${SITE_NAME}`}</title>
      <AboutBlock level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
