import { PhoneIcon } from '../layout/icons';
import { phoneLabel } from '../layout/settings-links';
import { Skeleton } from '../ui/skeleton';
import styles from './contact-page.module.css';

/**
 * The phone line of the contact details: a `tel:` address, the admin's or else the owner's SITE_PHONE (see
 * `phoneHref`); none when neither has one.
 */
export function ContactPhone({ phone }: { phone: string | undefined }) {
  if (!phone) {
    return <p className={styles.muted}>Our phone line will be listed here shortly; please use the form meanwhile.</p>;
  }
  return (
    <p className={styles.line}>
      <PhoneIcon className={styles.icon} />
      <a className={styles.phone} href={phone}>
        {phoneLabel(phone)}
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
