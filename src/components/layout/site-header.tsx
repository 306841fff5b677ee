import { Streamed } from '../ui/streamed';
import type { ContentResult } from '../../lib/admin/content-error';
import type { Settings } from '../../lib/admin/schemas';
import { NAV_LINKS } from '../../lib/site';
import { siteName } from '../../lib/site-identity';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { SearchOverlay } from './search-overlay';
import styles from './site-header.module.css';

/**
 * The header is sent at once (it is in the first streamed chunk): only the logo image waits for the
 * settings, behind the site name as text. Desktop: logo, search box, and the navigation bar below.
 * Mobile: logo, a search icon (overlay) and the menu icon (slide-in panel).
 */
export function SiteHeader({ settings }: { settings: Promise<ContentResult<Settings>> }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <a className={styles.logo} href="/">
          <Streamed ready={settings} fallback={<LogoText />}>
            <SiteLogo settings={settings} />
          </Streamed>
        </a>
        <div className={styles.desktopSearch}>
          <SearchForm inputId="site-header-q" variant="header" />
        </div>
        <div className={styles.mobileTools}>
          <SearchOverlay />
          <MobileMenu />
        </div>
      </div>
      <nav className={styles.desktopNav} aria-label="Main">
        <ul className={`container ${styles.navList}`}>
          {NAV_LINKS.map((link) => (
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

async function SiteLogo({ settings }: { settings: Promise<ContentResult<Settings>> }) {
  const result = await settings;
  if (!result.ok || !result.data.logo) return <LogoText />;
  return <img className={styles.logoImage} src={result.data.logo} alt={`${siteName()} home`} width={180} height={48} />;
}
