import { AdminContentPage } from '../components/content-page/admin-content-page';

export default async function ConferencesPage() {
  return <AdminContentPage route="/conferences" />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
