import { loadSettings } from '../../lib/content';
import { Section } from '../ui/section';
import type { SafeAddress } from '../../lib/admin/schemas';
import { MENU_LINKS } from '../../lib/site-routes';
import { siteName } from '../../lib/site-identity';
import { MobileMenu } from './mobile-menu';
import { HeaderSearchForm } from './search-form';
import { SearchOverlay } from './search-overlay';
import styles from './site-header.module.css';
import { AdminImage } from '../ui/admin-image';

/**
 * The header is sent at once (it is in the first streamed chunk): only the logo image waits for the
 * settings, behind the site name as text. Desktop: logo, search box, and the navigation bar below.
 * Mobile: logo, a search icon (overlay) and the menu icon (slide-in panel).
 */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <a className={styles.logo} href="/">
          <Section data={loadSettings()} skeleton={<LogoText />} what="The logo" failed={() => <LogoText />}>
            {({ logo }) => <SiteLogo logo={logo} />}
          </Section>
        </a>
        <div className={styles.desktopSearch}>
          <HeaderSearchForm inputId="site-header-q" />
        </div>
        <div className={styles.mobileTools}>
          <SearchOverlay />
          <MobileMenu />
        </div>
      </div>
      <nav className={styles.desktopNav} aria-label="Main">
        <ul className={`container ${styles.navList}`}>
          {MENU_LINKS.map((link) => (
            <li key={link.href}>
              <a className={styles.navLink} href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function LogoText() {
  return <span className={styles.logoText}>{siteName()}</span>;
}

/** The admin's logo, or the name as text when it has none (or none that passed the address rule). */
export function SiteLogo({ logo }: { logo: SafeAddress }) {
  if (!logo) return <LogoText />;
  return (
    <AdminImage
      className={styles.logoImage}
      src={logo}
      place="logo"
      alt={`${siteName()} home`}
      width={180}
      height={48}
    />
  );
}
