import type { ContentResult } from '../../lib/admin/content-error';
import type { Settings } from '../../lib/admin/schemas';
import { Skeleton } from '../ui/skeleton';
import styles from './contact-page.module.css';

/** 'tel:+97317000000' → '+973 1700 0000'; other numbers are shown as the admin wrote them. */
export function phoneLabel(tel: string): string {
  const number = tel.replace(/^tel:/i, '').trim();
  const bahrain = /^\+973(\d{4})(\d{4})$/.exec(number.replace(/[\s-]/g, ''));
  return bahrain ? `+973 ${bahrain[1]} ${bahrain[2]}` : number;
}

/** The phone line once the settings are in (see ContactPage for why they may arrive as a promise). */
export async function ContactPhoneWhenLoaded({ settings }: { settings: Promise<ContentResult<Settings>> }) {
  return <ContactPhone settings={await settings} />;
}

/** The phone line of the contact details; the number comes from the site settings. */
export function ContactPhone({ settings }: { settings: ContentResult<Settings> }) {
  const phone = settings.ok ? settings.data.phone.trim() : '';
  if (!phone) {
    return <p className={styles.muted}>Our phone line will be listed here shortly; please use the form meanwhile.</p>;
  }
  const href = /^tel:/i.test(phone) ? phone : `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <p className={styles.line}>
      <PhoneIcon />
      <a className={styles.phone} href={href}>
        {phoneLabel(phone)}
      </a>
    </p>
  );
}

export function ContactPhoneSkeleton() {
  return (
    <div className={styles.line} role="status" aria-busy="true">
      <PhoneIcon />
      <Skeleton className={styles.phoneSkeleton} />
      <span className="visually-hidden">Loading the phone number</span>
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg className={styles.icon} aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.6a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
