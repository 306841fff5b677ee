import type { ContentResult } from '../../lib/admin/content-error';
import type { Settings } from '../../lib/admin/schemas';
import { PhoneIcon } from '../layout/icons';
import { phoneHref, phoneLabel } from '../layout/settings-links';
import { Skeleton } from '../ui/skeleton';
import styles from './contact-page.module.css';

/** The phone line once the settings are in (see ContactPage for why they may arrive as a promise). */
export async function ContactPhoneWhenLoaded({
  settings,
  fallback,
}: {
  settings: Promise<ContentResult<Settings>>;
  fallback?: string | undefined;
}) {
  return <ContactPhone settings={await settings} fallback={fallback} />;
}

/**
 * The phone line of the contact details: the settings' `tel:` link, else the owner's `fallback` (SITE_PHONE),
 * read the same way as the contact block.
 */
export function ContactPhone({
  settings,
  fallback,
}: {
  settings: ContentResult<Settings>;
  fallback?: string | undefined;
}) {
  const href = phoneHref(settings.ok ? settings.data : undefined, fallback);
  if (!href) {
    return <p className={styles.muted}>Our phone line will be listed here shortly; please use the form meanwhile.</p>;
  }
  return (
    <p className={styles.line}>
      <PhoneIcon className={styles.icon} />
      <a className={styles.phone} href={href}>
        {phoneLabel(href)}
      </a>
    </p>
  );
}

export function ContactPhoneSkeleton() {
  return (
    <div className={styles.line} role="status" aria-busy="true">
      <PhoneIcon className={styles.icon} />
      <Skeleton className={styles.phoneSkeleton} />
      <span className="visually-hidden">Loading the phone number</span>
    </div>
  );
}
