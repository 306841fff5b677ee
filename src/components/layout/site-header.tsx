import { Suspense } from 'react';
import { getSettings } from '../../lib/admin/content.server';
import { NAV_LINKS, SITE_NAME } from '../../lib/site';

/** The header is sent at once: only the logo image waits for the settings, behind a text fallback. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-logo" href="/">
          <Suspense fallback={<span className="site-logo__text">{SITE_NAME}</span>}>
            <SiteLogo />
          </Suspense>
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

async function SiteLogo() {
  const settings = await getSettings();
  if (!settings.ok || !settings.data.logo) return <span className="site-logo__text">{SITE_NAME}</span>;
  return <img className="site-logo__image" src={settings.data.logo} alt={`${SITE_NAME} home`} width={180} height={48} />;
}
