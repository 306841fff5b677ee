/**
 * What a visitor sees once their registration has arrived, in the form's place: the form is gone so nothing
 * invites a second booking, and the confirmation holds everything their purchasing department asks for
 * (reference, session, delegates, who pays, purchase order, fees) and what happens next. A pure view of the
 * server's answer (the session as the server looked it up, not as the page showed it).
 *
 * The heading sits in a role=status, as the other forms' thank-you does, and takes the focus (tabIndex -1) when
 * the answer comes by script, so it is heard where it appears; without JavaScript it is the posted page.
 */
import type { RefObject } from 'react';
import type { BookingSummary } from '../../lib/enquiry/schema';
import { formatDate, formatFee } from '../../lib/format';
import { CheckCircleIcon } from '../layout/icons';
import styles from './registration-form.module.css';

export function RegistrationConfirmation({
  reference,
  name,
  booking,
  headingRef,
}: {
  reference: string | undefined;
  name: string | undefined;
  booking: BookingSummary;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const count = booking.delegates.length;
  return (
    <div className={styles.confirmation}>
      <div role="status" className={styles.confirmationStatus}>
        <CheckCircleIcon size={28} className={styles.confirmationIcon} />
        <div>
          <h3
            ref={headingRef}
            id="registration-confirmation-heading"
            className={styles.confirmationHeading}
            tabIndex={-1}
          >
            Registration received
          </h3>
          <p className={styles.confirmationLead}>
            {name ? `Thank you, ${name}. ` : 'Thank you. '}
            {reference ? (
              <>
                Your reference is <strong className={styles.reference}>{reference}</strong>.
              </>
            ) : null}
          </p>
        </div>
      </div>

      <h4 className={styles.confirmationSubheading}>The session</h4>
      <dl className={styles.session}>
        <dt>Course</dt>
        <dd>{booking.courseTitle}</dd>
        {booking.courseCode ? (
          <>
            <dt>Course code</dt>
            <dd>{booking.courseCode}</dd>
          </>
        ) : null}
        <dt>Dates</dt>
        <dd>
          <time dateTime={booking.startDate}>{formatDate(booking.startDate)}</time> to{' '}
          <time dateTime={booking.endDate}>{formatDate(booking.endDate)}</time>
        </dd>
        <dt>Venue</dt>
        <dd>{booking.venue}</dd>
      </dl>

      <h4 id="registration-confirmation-delegates" className={styles.confirmationSubheading}>
        {count === 1 ? 'The delegate' : `The ${count} delegates`}
      </h4>
      <ol className={styles.delegateList} aria-labelledby="registration-confirmation-delegates">
        {booking.delegates.map((delegate, index) => (
          <li key={index}>{delegate}</li>
        ))}
      </ol>

      <h4 className={styles.confirmationSubheading}>Payment</h4>
      <dl className={styles.session}>
        <dt>Who pays</dt>
        <dd>{booking.payer}</dd>
        {booking.poNumber ? (
          <>
            <dt>Purchase order number</dt>
            <dd>{booking.poNumber}</dd>
          </>
        ) : null}
        <dt>Fee per delegate</dt>
        <dd>{formatFee(booking.feeUsd)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>
            {formatFee(booking.totalUsd)} ({count} × {formatFee(booking.feeUsd)})
          </strong>
        </dd>
      </dl>

      <h4 className={styles.confirmationSubheading}>What happens next</h4>
      <p className={styles.nextSteps}>
        {booking.nextSteps} Our team will confirm your seats by email; we have emailed you a copy of this registration
        with the session&apos;s calendar file. Please quote your reference in any message about it.
      </p>
      <ul className={styles.confirmationLinks}>
        <li>
          <a href={booking.calendarHref} download>
            Add to calendar (.ics)
          </a>
        </li>
        {booking.quotationHref ? (
          <li>
            {/* its address is sealed and ends with the quotation's validity (record 037) */}
            <a href={booking.quotationHref} type="application/pdf">
              Quotation for your purchase order (PDF)
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
