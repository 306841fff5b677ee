import { AdminContentPage } from '../components/content-page/admin-content-page';

export default async function ConsultationsPage() {
  return <AdminContentPage route="/consultations" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
