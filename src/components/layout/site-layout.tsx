import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { getSettings } from '../../lib/admin/content.server';
import { ContactBlock } from './contact-block';
import { FloatingContactSlot } from './floating-contact-slot';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { SocialBar } from './social-bar';

/**
 * The frame every screen sits in (site-spec section 2): header, the routed page, the contact block, the
 * footer with its bottom area, and the floating contact button and social bar.
 *
 * The settings are asked for once and handed down as a promise: each part that needs them awaits it in its
 * own Suspense boundary, so the header and the page start streaming before the admin answers.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const settings = getSettings();
  return (
    <>
      <SkipLink />
      <SiteHeader settings={settings} />
      <main id="main" className="page-area" tabIndex={-1}>
        {children}
      </main>
      <ContactBlock settings={settings} />
      <SiteFooter settings={settings} />
      <Suspense fallback={null}>
        <FloatingContactSlot settings={settings} />
      </Suspense>
      <Suspense fallback={null}>
        <SocialBar settings={settings} />
      </Suspense>
    </>
  );
}
