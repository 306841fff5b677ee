import type { ReactNode } from 'react';
import { Streamed } from '../ui/streamed';
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
 * own Streamed boundary: in place when the settings are ready (cached), else streamed in after the header
 * and the page, which do not wait for the admin.
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
      <Streamed ready={settings} fallback={null}>
        <FloatingContactSlot settings={settings} />
      </Streamed>
      <Streamed ready={settings} fallback={null}>
        <SocialBar settings={settings} />
      </Streamed>
    </>
  );
}
