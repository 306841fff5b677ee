import type { ReactNode } from 'react';
import { loadSettings } from '../../lib/content';
import type { Settings } from '../../lib/admin/schemas';
import { siteIdentity } from '../../lib/site-identity';
import { Section } from '../ui/section';
import { ButtonLink } from '../ui/button-link';
import { Skeleton } from '../ui/skeleton';
import styles from './contact-block.module.css';
import { LocationIcon, MessengerIcon, PhoneIcon, WhatsAppIcon } from './icons';
import { phoneHref, phoneLabel, settingsLinks } from './settings-links';
import { href } from '../../lib/site-routes';

/** The band above the footer: how to reach the provider, and the way to the contact form. */
export function ContactBlock() {
  const { location, phone } = siteIdentity();
  const channels = (settings: ReactNode) => <Channels location={location} settings={settings} />;
  return (
    <section className={`${styles.band} past-first-screen`} aria-labelledby="contact-block-title">
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
        {/* the Section holds the whole list: a streamed view arrives in a hidden <div>, where list items
            alone are invalid HTML (record 025) */}
        <Section
          data={loadSettings()}
          skeleton={channels(<ChannelsSkeleton />)}
          what="Our contact details"
          failed={() => channels(<SettingsChannels settings={undefined} fallbackPhone={phone} />)}
        >
          {(settings) => channels(<SettingsChannels settings={settings} fallbackPhone={phone} />)}
        </Section>
        <div className={styles.action}>
          <ButtonLink href={href('/contact-us')}>Contact Us</ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The list of ways to reach the provider: the admin's channels, then where the provider is. */
function Channels({ location, settings }: { location: string | undefined; settings: ReactNode }) {
  return (
    <ul className={styles.channels}>
      {settings}
      {location ? (
        <li className={styles.channel}>
          <span className={styles.channelIcon}>
            <LocationIcon />
          </span>
          <span>{location}</span>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The admin's phone, WhatsApp and Messenger links; the phone falls back to the owner's SITE_PHONE, which still
 * shows when the settings could not be loaded (`settings` undefined).
 */
function SettingsChannels({
  settings,
  fallbackPhone,
}: {
  settings: Settings | undefined;
  fallbackPhone: string | undefined;
}) {
  const phone = phoneHref(settings, fallbackPhone);
  const links = [
    ...(phone ? [{ key: 'phone' as const, href: phone }] : []),
    ...(settings ? settingsLinks(settings, ['whatsapp', 'messenger']) : []),
  ];
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
