import '../styles/global.css';
import type { ReactNode } from 'react';
import { SiteLayout } from '../components/layout/site-layout';

export default async function RootLayout({ children }: { children: ReactNode }) {
  return <SiteLayout>{children}</SiteLayout>;
}

// Settings come from the admin at request time, so nothing is prerendered at build time.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
