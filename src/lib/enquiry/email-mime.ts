/**
 * One email as raw MIME, for a Worker's `send_email` binding (which takes the message as bytes). Composed by
 * nodemailer's MailComposer: the composer nodemailer's SMTP transport runs on Node for the same
 * `EmailMessage` data, so both runtimes send byte-for-byte the same structure (headers and names encoded in
 * any script, text + HTML alternatives, the .ics attachment, the record's stable Message-ID). Measured: it
 * bundles and runs in workerd under `nodejs_compat` (it uses only node:stream/buffer/crypto there; file and
 * URL access are switched off, so nothing it is given can make it read a file or fetch a URL).
 */
import 'server-only';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { EmailMessage } from './email-messages';

export async function composeEmail(message: EmailMessage): Promise<string> {
  const mail = new MailComposer({ ...message, disableFileAccess: true, disableUrlAccess: true });
  const raw = await mail.compile().build();
  return raw.toString('utf8');
}
