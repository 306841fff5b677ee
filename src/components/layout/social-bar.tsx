import type { Settings } from '../../lib/admin/schemas';
import { settingsLinks } from './settings-links';
import styles from './social-bar.module.css';
import { SocialLink } from './social-links';

/** The spec's order for the bar, which differs from the footer's. */
const BAR_ORDER = ['facebook', 'whatsapp', 'linkedin', 'twitter'] as const;

/** The fixed vertical social bar, 128 px above the bottom and 8 px from the right. */
export function SocialBar({ settings }: { settings: Settings }) {
  const links = settingsLinks(settings, BAR_ORDER);
  if (links.length === 0) return null;
  return (
    <aside className={styles.bar} aria-label="Social media">
      <ul className={styles.list}>
        {links.map(({ key, href }) => (
          <li key={key}>
            <SocialLink network={key} href={href} className={`${styles.button} ${styles[key]}`} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
