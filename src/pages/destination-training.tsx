import { AdminContentPage } from '../components/content-page/admin-content-page';

export default async function DestinationTrainingPage() {
  return <AdminContentPage route="/destination-training" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
