/**
 * Links into the contact form with the visitor's context already filled in (WCAG 3.3.7: do not make people
 * type again what the site knows). The form reads `trainingFor` and `message` from the query string.
 */
import { formatDate } from './format';

export type RegisterSession = { course: string; startDate: string; endDate: string; venue: string };

export function registerHref(session: RegisterSession): string {
  const message =
    `I would like to register for "${session.course}", ` +
    `${formatDate(session.startDate)} to ${formatDate(session.endDate)} in ${session.venue}.`;
  return `/contact-us?${new URLSearchParams({ message })}#enquiry`;
}

export function inHouseProposalHref(course: string): string {
  const message = `Please send us a proposal for an in-house (onsite) delivery of "${course}" for our team.`;
  return `/contact-us?${new URLSearchParams({ trainingFor: 'team', message })}#enquiry`;
}
