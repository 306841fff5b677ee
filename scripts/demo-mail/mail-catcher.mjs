/**
 * A real SMTP server in this process (the `smtp-server` package) that keeps every message it accepts: the
 * embedded demo's mail catcher (`npm start` without ADMIN_API_URL points SMTP_URL at it and writes each
 * message to var/demo-mail/*.eml), and the receiving end of the email tests. Plain SMTP on 127.0.0.1 by
 * default, no TLS (STARTTLS is not offered), any or no login accepted.
 *
 * `answer` decides each message's fate at the end of DATA, as a real server's reply would: return nothing
 * to accept it, `{ code, message }` to refuse it (4xx: try later, 5xx: refused), or a promise that never
 * settles to hang (a slow server).
 *
 * `envelopeLines` keeps each MAIL FROM and RCPT TO line as the client wrote it: smtp-server reports the
 * envelope's addresses with punycode domains decoded, so only the line shows what went over the wire.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {{ from: string; to: string[] }} Envelope
 * @typedef {{ raw: Buffer; envelope: Envelope; file?: string }} CaughtMail
 * @typedef {(mail: { raw: Buffer; envelope: Envelope; attempt: number }) =>
 *   void | { code: number; message: string } | Promise<void | { code: number; message: string }>} Answer
 *
 * @param {{ port?: number; host?: string; dir?: string; answer?: Answer; onMail?: (mail: CaughtMail) => void }} [options]
 */
export async function startMailCatcher({ port = 0, host = '127.0.0.1', dir, answer, onMail } = {}) {
  /** @type {CaughtMail[]} */
  const messages = [];
  /** @type {string[]} */
  const envelopeLines = [];
  let attempts = 0;
  let count = 0;
  if (dir) mkdirSync(dir, { recursive: true });
  const sockets = new Set();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // smtp-server logs each client command at debug level as ({ tnx: 'command', command }, 'C:', line)
    logger: {
      /** @param {[{ tnx?: string; command?: string }, ...unknown[]]} args */
      debug: (...args) => {
        const [entry] = args;
        const line = args.at(-1);
        if (entry?.tnx === 'command' && /^(MAIL|RCPT)$/.test(entry.command ?? '') && typeof line === 'string')
          envelopeLines.push(line);
      },
      info: () => {},
      warn: () => {},
      error: () => {},
    },
    size: 10 * 1024 * 1024,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'demo' }),
    onConnect: (session, callback) => callback(),
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        attempts += 1;
        const refusal = answer ? await answer({ raw, envelope, attempt: attempts }) : undefined;
        if (refusal) {
          const error = /** @type {Error & { responseCode?: number }} */ (new Error(refusal.message));
          error.responseCode = refusal.code;
          callback(error);
          return;
        }
        /** @type {CaughtMail} */
        const mail = { raw, envelope };
        if (dir) {
          count += 1;
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          mail.file = path.join(dir, `${stamp}-${String(count).padStart(3, '0')}.eml`);
          writeFileSync(mail.file, raw);
        }
        messages.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  // a client that drops its connection mid-message (a site killed with -9, a reset) is an 'error' of the server:
  // without a listener Node throws it and the process running the catcher (a test, `npm start`'s demo) dies.
  // The message it was sending was not accepted, so the site sends it again: nothing to do here.
  server.on('error', () => {});
  server.server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    port: address.port,
    url: `smtp://${host}:${address.port}`,
    messages,
    envelopeLines,
    /** Stop listening and cut every connection at once, as a crashed server would. */
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
