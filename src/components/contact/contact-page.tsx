import { Fragment } from 'react';
import { loadSettings } from '../../lib/content';
import { siteIdentity } from '../../lib/site-identity';
import { ContactForm } from '../enquiry/enquiry-forms';
import { MailIcon } from '../layout/icons';
import { phoneHref } from '../layout/settings-links';
import { Section } from '../ui/section';
import { ContactPhone, ContactPhoneSkeleton } from './contact-phone';
import { enquiryPrefillFromQuery } from './enquiry-prefill';
import styles from './contact-page.module.css';

/** /contact-us: where we are, how to call, and the enquiry form (prefilled from the links that lead here). */
export function ContactPage({ query }: { query?: string }) {
  const prefill = enquiryPrefillFromQuery(query);
  const identity = siteIdentity();
  return (
    <>
      <div className={styles.band}>
        <div className="container">
          <h1 className={styles.heading}>Contact Us</h1>
          <p className={styles.lead}>
            Questions about a course, dates for your team or an in-house programme? Write to us and an adviser will
            answer within one working day.
          </p>
        </div>
      </div>
      <div className={`container ${styles.columns}`}>
        <section className={styles.details} aria-labelledby="contact-office">
          <h2 id="contact-office" className={styles.subheading}>
            Our office
          </h2>
          <address className={styles.address}>
            {[identity.name, ...identity.address].map((line, index) => (
              <Fragment key={index}>
                {index > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </address>
          <Section
            data={loadSettings()}
            skeleton={<ContactPhoneSkeleton />}
            what="Our phone number"
            failed={() => <ContactPhone phone={phoneHref(undefined, identity.phone)} />}
          >
            {(settings) => <ContactPhone phone={phoneHref(settings, identity.phone)} />}
          </Section>
          {identity.email ? (
            <p className={styles.line}>
              <MailIcon className={styles.icon} />
              <a href={`mailto:${identity.email}`}>{identity.email}</a>
            </p>
          ) : null}
          {identity.openingHours ? <p className={styles.muted}>{identity.openingHours}</p> : null}
        </section>
        <section id="enquiry" className={styles.enquiry} aria-labelledby="enquiry-heading" tabIndex={-1}>
          <h2 id="enquiry-heading" className={styles.subheading}>
            Send us an enquiry
          </h2>
          <ContactForm prefill={prefill} />
        </section>
      </div>
    </>
  );
}
