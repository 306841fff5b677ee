import { loadSettings } from '../../lib/content';
import type { Settings } from '../../lib/admin/schemas';
import { Section } from '../ui/section';
import { todayInBahrain } from '../../lib/format';
import { siteDomain } from '../../lib/site-origin';
import { FOOTER_LINKS } from '../../lib/site-routes';
import { siteIdentity } from '../../lib/site-identity';
import { settingsLinks } from './settings-links';
import { SectionLinks } from './section-links';
import styles from './site-footer.module.css';
import { SocialLink } from './social-links';

/** The spec's order for the footer row, which differs from the social bar's. */
const FOLLOW_US_ORDER = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;

/** The footer with its bottom area; only the "follow us" row waits for the settings. */
export function SiteFooter() {
  const { name, location } = siteIdentity();
  return (
    <footer className={`${styles.footer} past-first-screen`}>
      <div className={`container ${styles.columns}`}>
        <div className={styles.about}>
          <p className={styles.name}>{name}</p>
          <p className={styles.blurb}>
            Open courses, in-house programmes, destination training, conferences and consultations for organisations
            across the Gulf{location ? `, from ${location}` : ''}.
          </p>
        </div>
        <nav className={styles.explore} aria-label="Footer">
          <h2 className={styles.heading}>Explore</h2>
          <SectionLinks className={styles.linkList} />
        </nav>
        <Section
          data={loadSettings()}
          skeleton={<div className={styles.followUsPlaceholder} />}
          what="The social links"
          failed={() => null}
        >
          {(settings) => <FollowUs settings={settings} />}
        </Section>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`}>
          {/* the year at render time, in the site's time zone (a kept page is refreshed well within a year) */}
          <p className={styles.copyright}>
            © {todayInBahrain(new Date()).slice(0, 4)} {siteDomain()}. All rights reserved.
          </p>
          <SectionLinks className={styles.legal} links={FOOTER_LINKS} />
        </div>
      </div>
    </footer>
  );
}

function FollowUs({ settings }: { settings: Settings }) {
  const links = settingsLinks(settings, FOLLOW_US_ORDER);
  if (links.length === 0) return null;
  return (
    <div className={styles.followUs}>
      <h2 className={styles.heading} id="follow-us-title">
        Follow us
      </h2>
      <ul className={styles.socialRow} aria-labelledby="follow-us-title">
        {links.map(({ key, href }) => (
          <li key={key}>
            <SocialLink network={key} href={href} className={styles.social} />
          </li>
        ))}
      </ul>
    </div>
  );
}
