import type { ReactNode } from 'react';
import { loadSettings } from '../../lib/content';
import { Section } from '../ui/section';
import { ContactBlock } from './contact-block';
import { FloatingContact } from './floating-contact';
import { SamePageLinks } from './same-page-links';
import { settingsLinks } from './settings-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { SocialBar } from './social-bar';

/**
 * The frame every screen sits in: header, the routed page, the contact block, the
 * footer with its bottom area, and the floating contact button and social bar. Each part that shows the
 * admin's settings is its own Section; the header and the page never wait for the admin. Without settings
 * the floating parts are simply absent.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SamePageLinks />
      <SiteHeader />
      <main id="main" className="page-area" tabIndex={-1}>
        {children}
      </main>
      <ContactBlock />
      <SiteFooter />
      <Section data={loadSettings()} skeleton={null} what="The contact options" failed={() => null}>
        {(settings) => {
          const links = settingsLinks(settings, ['phone', 'messenger', 'instagram']);
          return links.length ? (
            <aside aria-label="Quick contact">
              <FloatingContact links={links} />
            </aside>
          ) : null;
        }}
      </Section>
      <Section data={loadSettings()} skeleton={null} what="The social links" failed={() => null}>
        {(settings) => <SocialBar settings={settings} />}
      </Section>
    </>
  );
}
