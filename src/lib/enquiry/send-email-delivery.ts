/**
 * Workers: the two email channels through Cloudflare's `send_email` binding (Email Service). The Worker's
 * entry (scripts/cloudflare/worker.mjs) hands the queue consumer a `SendEmail` function that wraps the
 * binding (`env.SEND_EMAIL.send(new EmailMessage(from, to, raw))`), since `cloudflare:email` exists only
 * there. The messages are the same as on Node (email-messages.ts), composed into MIME by email-mime.ts.
 *
 * The binding takes one recipient per message, so the team's copy is sent once per ENQUIRY_EMAIL_TO address
 * (the same bytes, the same Message-ID). The binding's errors do not say whether they are lasting (an
 * unverified address) or passing (a limit), so every failure backs off and is retried; after the queue's
 * max_retries the message waits in the dead-letter queue for a person.
 */
import 'server-only';
import { composeEmail } from './email-mime';
import { acknowledgementEmail, teamEmail, type EmailMessage, type EmailSettings } from './email-messages';
import { withSitePhone, type EmailSources } from './provider-contact';
import { teamAttachments } from './team-attachments';
import type { Deliver, DeliveryAnswer, EnquiryRecord } from './store';

/** Sends one raw MIME message from `from` to `to` (one address); rejects when Cloudflare refuses it. */
export type SendEmail = (from: string, to: string, raw: string) => Promise<unknown>;

export function sendEmailChannels(
  settings: EmailSettings,
  sendEmail: SendEmail,
  { adminPhone, quotation }: EmailSources,
): { team: Deliver; visitor: Deliver } {
  const send = async (message: EmailMessage | undefined): Promise<DeliveryAnswer> => {
    if (!message) return { verdict: 'delivered', problem: '' }; // nobody to send it to (no address given)
    const raw = await composeEmail(message);
    // the envelope's addresses: the domains in punycode, as the headers have them
    for (const address of message.envelope.to) {
      try {
        await sendEmail(message.envelope.from, address, raw);
      } catch (error) {
        // The binding's messages name the recipient (measured: "email to <address> not allowed"); the address is
        // the visitor's, so it stays out of the log.
        const said = (error instanceof Error ? error.message : String(error)).replaceAll(address, '<recipient>');
        return { verdict: 'unavailable', problem: `send_email refused it: ${said.slice(0, 200)}` };
      }
    }
    return { verdict: 'delivered', problem: '' };
  };
  return {
    team: async (record: EnquiryRecord) => send(teamEmail(record, settings, await teamAttachments(record, quotation))),
    visitor: async (record: EnquiryRecord) =>
      send(acknowledgementEmail(record, await withSitePhone(settings, adminPhone))),
  };
}
