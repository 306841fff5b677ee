import { getSettings } from '../../lib/admin/content.server';
import { SITE_NAME } from '../../lib/site';
import { EnquiryForm } from '../enquiry/enquiry-form';
import { Streamed } from '../ui/streamed';
import { ContactPhoneSkeleton, ContactPhoneWhenLoaded } from './contact-phone';
import { enquiryPrefillFromQuery } from './enquiry-prefill';
import styles from './contact-page.module.css';

/** /contact-us: where we are, how to call, and the enquiry form (prefilled from the links that lead here). */
export function ContactPage({ query }: { query?: string }) {
  const prefill = enquiryPrefillFromQuery(query);
  const settings = getSettings();
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
            {SITE_NAME}
            <br />
            Office 1204, Bahrain Financial Harbour West Tower
            <br />
            King Faisal Highway
            <br />
            Manama, Kingdom of Bahrain
          </address>
          <Streamed ready={settings} fallback={<ContactPhoneSkeleton />}>
            <ContactPhoneWhenLoaded settings={settings} />
          </Streamed>
          <p className={styles.muted}>Sunday to Thursday, 8:00 to 17:00 (Bahrain time)</p>
        </section>
        <section id="enquiry" className={styles.enquiry} aria-labelledby="enquiry-heading" tabIndex={-1}>
          <h2 id="enquiry-heading" className={styles.subheading}>
            Send us an enquiry
          </h2>
          <EnquiryForm prefill={prefill} />
        </section>
      </div>
    </>
  );
}
