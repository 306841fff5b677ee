/**
 * Node: the two email channels over SMTP (SMTP_URL), with nodemailer: a well-kept client that speaks
 * STARTTLS when the server offers it on smtp:// and implicit TLS on smtps://, encodes headers and names in
 * any script, and tells an SMTP server's 4xx from its 5xx. Each message is one delivery attempt of one
 * channel's record (see forwarder.ts): the SMTP server's answer decides whether it is retried soon
 * (unreachable, timing out, 4xx: the server is busy or down) or after the longest wait (5xx: this message
 * was refused, the others go on).
 */
import 'server-only';
import nodemailer from 'nodemailer';
import { acknowledgementEmail, teamEmail, type EmailMessage, type EmailSettings } from './email-messages';
import { withSitePhone, type EmailSources } from './provider-contact';
import { teamAttachments } from './team-attachments';
import type { Deliver, DeliveryAnswer, EnquiryRecord } from './store';

export type SmtpSettings = EmailSettings & { url: string; timeoutMs: number };

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** What an SMTP failure means for the message. */
function smtpVerdict(error: unknown): DeliveryAnswer {
  const { code, responseCode, response, message } = error as SmtpError;
  const said = response ? `answered "${response.slice(0, 200)}"` : `failed (${code ?? message})`;
  // A 5xx refuses this message for good (until a person looks); a failed login is the server's settings, not
  // this message's, so it backs off like an outage.
  if (typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH')
    return { verdict: 'refused', problem: `the SMTP server ${said}` };
  return { verdict: 'unavailable', problem: `the SMTP server ${said}` };
}

export type SmtpChannels = {
  team: Deliver;
  visitor: Deliver;
  close(): void;
};

export function smtpChannels(settings: SmtpSettings, { adminPhone, quotation }: EmailSources): SmtpChannels {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const send = async (message: EmailMessage | undefined): Promise<DeliveryAnswer> => {
    if (!message) return { verdict: 'delivered', problem: '' }; // nobody to send it to (no address given)
    // A slow server is an unavailable one: the record waits in the outbox, the visitor never does. nodemailer's
    // socket timeout does not cover the wait for the answer to DATA (measured: a server that never answers
    // it holds sendMail forever), hence this deadline. A message the server accepts after it is sent again,
    // with the same Message-ID (at least once).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), settings.timeoutMs);
    });
    try {
      // `message.envelope` is MAIL FROM / RCPT TO: without it nodemailer would write the envelope's domains as
      // typed (UTF-8) while the headers have them in punycode
      const info = await Promise.race([transport.sendMail(message), deadline]);
      if (info === 'late')
        return { verdict: 'unavailable', problem: `the SMTP server did not answer within ${settings.timeoutMs} ms` };
      if (info.accepted.length === 0) return { verdict: 'refused', problem: 'no recipient was accepted' };
      return { verdict: 'delivered', problem: '' };
    } catch (error) {
      return smtpVerdict(error);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    team: async (record: EnquiryRecord) => send(teamEmail(record, settings, await teamAttachments(record, quotation))),
    visitor: async (record: EnquiryRecord) =>
      send(acknowledgementEmail(record, await withSitePhone(settings, adminPhone))),
    close: () => transport.close(),
  };
}
