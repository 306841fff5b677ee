import { getSettings } from '../../lib/admin/content.server';
import type { Settings } from '../../lib/admin/schemas';
import { Section } from '../ui/section';
import { SITE_LOCATION } from '../../lib/site';
import { ButtonLink } from '../ui/button-link';
import { Skeleton } from '../ui/skeleton';
import styles from './contact-block.module.css';
import { LocationIcon, MessengerIcon, PhoneIcon, WhatsAppIcon } from './icons';
import { phoneLabel, settingsLinks } from './settings-links';

/** The band above the footer: how to reach the provider, and the way to the contact form. */
export function ContactBlock() {
  return (
    <section className={styles.band} aria-labelledby="contact-block-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <h2 id="contact-block-title" className={styles.title}>
            Plan your team&rsquo;s next training
          </h2>
          <p className={styles.text}>
            Tell us what your people need to learn. We will suggest the right course, dates and venue, or design a
            programme for your organisation.
          </p>
        </div>
        <ul className={styles.channels}>
          <Section load={getSettings} skeleton={<ChannelsSkeleton />} what="Our contact details" failed={() => null}>
            {(settings) => <SettingsChannels settings={settings} />}
          </Section>
          <li className={styles.channel}>
            <span className={styles.channelIcon}>
              <LocationIcon />
            </span>
            <span>{SITE_LOCATION}</span>
          </li>
        </ul>
        <div className={styles.action}>
          <ButtonLink href="/contact-us">Contact Us</ButtonLink>
        </div>
      </div>
    </section>
  );
}

export function SettingsChannels({ settings }: { settings: Settings }) {
  const links = settingsLinks(settings, ['phone', 'whatsapp', 'messenger']);
  return links.map(({ key, href }) => {
    const external = key !== 'phone';
    return (
      <li key={key} className={styles.channel}>
        <span className={styles.channelIcon}>
          {key === 'phone' ? <PhoneIcon /> : key === 'whatsapp' ? <WhatsAppIcon /> : <MessengerIcon />}
        </span>
        <a
          className={styles.channelLink}
          href={href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {key === 'phone' ? (
            <>
              <span className="visually-hidden">Call </span>
              {phoneLabel(href)}
            </>
          ) : key === 'whatsapp' ? (
            'Chat on WhatsApp'
          ) : (
            'Message us on Messenger'
          )}
          {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
        </a>
      </li>
    );
  });
}

function ChannelsSkeleton() {
  return (
    <li className={styles.channel} aria-hidden="true">
      <Skeleton className={styles.channelSkeleton} />
    </li>
  );
}
