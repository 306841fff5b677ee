import { HomePage } from '../components/home/home-page';

export default async function Home() {
  return <HomePage />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
