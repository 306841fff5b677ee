import { ContactForm } from '../enquiry/enquiry-forms';
import { SectionHeading } from './section-heading';
import styles from './enquiry-section.module.css';

/** Where the home page's contact form sits; `#enquiry` is the target of the hero's call to action. */
export function EnquirySection() {
  return (
    <section id="enquiry" className={`${styles.section} past-first-screen`} aria-labelledby="enquiry-title">
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro}>
          <SectionHeading id="enquiry-title" eyebrow="Contact us">
            Send us an enquiry
          </SectionHeading>
          <p className={styles.lead}>
            Tell us about the course, the team or the challenge you have in mind. Our training advisers in Manama reply
            within one working day with dates, fees and options for in-house delivery.
          </p>
          <ul className={styles.points}>
            <li>Open courses across the Gulf, Europe and Asia</li>
            <li>Programmes tailored to your organisation</li>
            <li>Fees quoted in US dollars</li>
          </ul>
        </div>
        <div className={styles.form}>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
