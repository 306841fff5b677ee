import { AdminContentPage } from '../components/content-page/admin-content-page';

export default async function DestinationTrainingPage() {
  return <AdminContentPage route="/destination-training" />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
