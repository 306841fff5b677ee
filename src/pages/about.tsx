import { AboutBlock } from '../components/home/about-block';
import { siteName } from '../lib/site-identity';

export default async function AboutPage() {
  return (
    <>
      <title>{`About Us | ${siteName()}`}</title>
      <AboutBlock level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
