import { AdminContentPage } from '../components/content-page/admin-content-page';

export default async function ConferencesPage() {
  return <AdminContentPage route="/conferences" />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
