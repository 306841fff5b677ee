import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { href } from '../lib/site-routes';
import { site } from '../site';

const TOO_LARGE = (maxSize: number) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Enquiry too large</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">' +
  `<h1>Your enquiry is too large to send</h1><p>The limit is ${Math.floor(maxSize / 1024)} KB. Nothing was sent or stored. ` +
  `Please go back, shorten your message and send it again.</p><p><a href="${href('/contact-us')}">Back to the contact form</a></p></body></html>`;

/**
 * Request bodies over ENQUIRY_MAX_BODY_BYTES are refused (413, a plain page) before anything parses them:
 * the only bodies this site takes are the enquiry forms' (a form at its limits is about 25 KB).
 */
export function enquiryBodyLimit(): MiddlewareHandler {
  let limit: MiddlewareHandler | undefined;
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const maxSize = site().settings.enquiry.maxBodyBytes;
    limit ??= bodyLimit({ maxSize, onError: (context) => context.html(TOO_LARGE(maxSize), 413) });
    // Hono's body limit returns its refusal: it has to be put on the context.
    const refusal = await limit(c, next);
    if (refusal instanceof Response) c.res = refusal;
  };
}
