import { siteIdentity } from '../../lib/site-identity';
import { PageHeader } from '../content-page/page-header';
import styles from './site-pages.module.css';
import { href } from '../../lib/site-routes';

/**
 * What the site does with the personal data its enquiry forms collect, as the enquiry pipeline actually
 * handles it (src/lib/enquiry/README.md), and the visitor's rights under Bahrain's Personal Data Protection
 * Law (Law No. 30 of 2018). A draft: the owner must review it (retention, contact address) before launch.
 */
export function PrivacyPolicy() {
  const { name, location } = siteIdentity();
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <PageHeader eyebrow="Legal" title="Privacy Policy" lead={`How ${name} handles what you send us.`} />
      <div className={`container ${styles.body}`}>
        <p className={styles.review} role="note">
          <strong>Draft for the owner to review.</strong> This text describes how this website handles enquiries. Before
          it is published, the site owner must confirm the retention periods, the contact address for data requests and
          who receives enquiries, and have it checked against the Personal Data Protection Law.
        </p>

        <h2>Who we are</h2>
        <p>
          {location ? `${name}, ${location},` : name} is responsible for the personal data sent through this website
          (the “data manager” under Bahrain’s Personal Data Protection Law, Law No. 30 of 2018).
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Contact form</strong>: your first and last name, email address, company, job title, phone number,
            country, whether the training is for you or your team, your message, whether you want our newsletter, and
            your consent to be contacted.
          </li>
          <li>
            <strong>Quick Inquiry</strong>: your name and your message, and the course you were looking at.
          </li>
          <li>
            <strong>Call Me Back</strong>: your name and phone number, and the course you were looking at.
          </li>
          <li>
            With every enquiry, the time it arrived. To stop automated abuse, the address your connection comes from is
            used to count how many enquiries arrive from it in a short time; it is held in memory only and is not stored
            with your enquiry.
          </li>
        </ul>
        <p>
          We do not use advertising or analytics cookies, and the website sets no cookies to follow you. Course search
          terms stay in the page address and are not stored.
        </p>

        <h2>Why we use it</h2>
        <p>
          To answer your enquiry: to contact you about the course, dates or programme you asked about, and to prepare a
          proposal when you ask for one. We process it because you ask us to and consent to be contacted; if you tick
          the newsletter box, also to send you news of courses, which you can stop at any time.
        </p>

        <h2>Where it goes</h2>
        <p>
          Your enquiry is stored on the server that runs this website and passed to our training advisers’ enquiry
          system. It is not sold or given to anyone else. Our hosting providers process it on our behalf; where their
          servers are outside Bahrain, the transfer is made under the safeguards the law requires.
        </p>

        <h2>How long we keep it</h2>
        <p>
          Enquiries are kept for as long as we need them to answer you and follow up on the training you asked about,
          and at most 24 months after our last contact, unless you become a client (then the records of your training
          are kept for as long as the law requires). Newsletter details are kept until you unsubscribe.
        </p>

        <h2>Your rights</h2>
        <p>Under the Personal Data Protection Law you may ask us:</p>
        <ul>
          <li>whether we hold personal data about you, and for a copy of it;</li>
          <li>to correct it, or to complete it;</li>
          <li>to erase it or stop using it, when it is no longer needed or was processed against the law;</li>
          <li>to stop using it for marketing, at any time;</li>
          <li>to withdraw your consent, without affecting what was done before.</li>
        </ul>
        <p>
          Send your request through our <a href={href('/contact-us')}>contact page</a>, saying it is a data request; we
          answer within the time the law sets. If you are not satisfied with our answer, you may complain to Bahrain’s
          Personal Data Protection Authority.
        </p>

        <h2>Changes</h2>
        <p>We will update this page when the way we handle personal data changes.</p>
      </div>
    </article>
  );
}
