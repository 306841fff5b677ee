/**
 * Links into the contact form with the visitor's context already filled in (WCAG 3.3.7: do not make people
 * type again what the site knows). The form reads `trainingFor` and `message` from the query string.
 * (A session's Register link leads to its registration form: `registrationHref` in
 * src/lib/enquiry-form/registration-session.ts.)
 */

import { href } from './site-routes';

export function inHouseProposalHref(course: string): string {
  const message = `Please send us a proposal for an in-house (onsite) delivery of "${course}" for our team.`;
  return href('/contact-us', { query: { trainingFor: 'team', message }, hash: 'enquiry' });
}
