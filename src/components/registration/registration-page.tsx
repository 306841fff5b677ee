/**
 * /register?session=<reference>: the session (from the admin's data, looked up by its reference) above the
 * registration form; a session the admin no longer lists, or that has started, gets a plain message and the
 * ways to reach the team instead. Decision record 028.
 */
import { issueFormToken } from '../../lib/enquiry/form-token';
import { findSession } from '../../lib/enquiry-form/registration-session';
import { formatDate, formatFee } from '../../lib/format';
import { setResponseStatus } from '../../lib/response-status';
import { siteIdentity } from '../../lib/site-identity';
import contactStyles from '../contact/contact-page.module.css';
import { RegistrationForm } from './registration-form';
import styles from './registration-form.module.css';
import { href } from '../../lib/site-routes';
import { site } from '../../site';

const CLOSED = {
  gone: { status: 404, title: 'This session is no longer offered' },
  started: { status: 410, title: 'This session has already started' },
  unavailable: { status: 503, title: 'We cannot show this session just now' },
} as const;

export async function RegistrationPage({ reference }: { reference: string | null }) {
  const identity = siteIdentity();
  const lookup = await findSession(reference);
  if (!lookup.ok) {
    const closed = CLOSED[lookup.reason];
    setResponseStatus(closed.status);
    return (
      <div className={contactStyles.band}>
        <div className="container">
          <h1 className={contactStyles.heading}>{closed.title}</h1>
          <p className={contactStyles.lead}>
            {lookup.reason === 'unavailable'
              ? 'Please try again in a minute. '
              : 'It can no longer be booked here, and nothing has been sent. '}
            To book a place or ask about other dates,{' '}
            <a href={href('/contact-us', { hash: 'enquiry' })}>send us an enquiry</a>
            {identity.email ? (
              <>
                {' '}
                or write to <a href={`mailto:${identity.email}`}>{identity.email}</a>
              </>
            ) : null}
            {identity.phone ? (
              <>
                {' '}
                or call <a href={identity.phone}>{identity.phone.replace(/^tel:/, '')}</a>
              </>
            ) : null}
            .
          </p>
        </div>
      </div>
    );
  }
  const { session } = lookup;
  return (
    <>
      <div className={contactStyles.band}>
        <div className="container">
          <h1 className={contactStyles.heading}>Register for {session.courseTitle}</h1>
          <p className={contactStyles.lead}>Book seats for your delegates; our team confirms each booking by email.</p>
        </div>
      </div>
      <div className="container">
        <section aria-labelledby="session-heading">
          <h2 id="session-heading" className={contactStyles.subheading}>
            The session
          </h2>
          <dl className={styles.session}>
            <dt>Course</dt>
            <dd>
              <a href={href('/subCourse-details/[slug]', { slug: session.course })}>{session.courseTitle}</a>
            </dd>
            {session.courseCode ? (
              <>
                <dt>Course code</dt>
                <dd>{session.courseCode}</dd>
              </>
            ) : null}
            <dt>Dates</dt>
            <dd>
              <time dateTime={session.startDate}>{formatDate(session.startDate)}</time> to{' '}
              <time dateTime={session.endDate}>{formatDate(session.endDate)}</time>
            </dd>
            <dt>Venue</dt>
            <dd>{session.venue}</dd>
            <dt>Fee per delegate</dt>
            <dd>{formatFee(session.feeUsd)}</dd>
          </dl>
        </section>
        <section id="registration" aria-labelledby="registration-heading" tabIndex={-1}>
          <h2 id="registration-heading" className={contactStyles.subheading}>
            Your registration
          </h2>
          <RegistrationForm
            token={await issueFormToken(site().keys.formToken)}
            session={{ ref: session.ref, feeUsd: session.feeUsd }}
            providerName={identity.name}
          />
        </section>
      </div>
    </>
  );
}
