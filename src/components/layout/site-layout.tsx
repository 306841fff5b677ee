import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, the routed page, footer: the frame every screen sits in (site-spec section 2). */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className="page-area" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
