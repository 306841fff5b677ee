import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serverConfig } from '../lib/server-config';

/**
 * Refuses request bodies over ENQUIRY_MAX_BODY_BYTES (default 64 KB) before anything parses them. The only
 * requests with bodies this site takes are the enquiry forms' server actions (with JavaScript, POST
 * /RSC/F/…; without it, a multipart POST to the page). A form at its field limits is about 25 KB, and
 * without JavaScript the form also carries its last state (the typed values again) as hidden fields.
 * A plain HTML answer, so a visitor without JavaScript reads it too.
 */
export default function enquiryBodyLimit(): MiddlewareHandler {
  let limit: MiddlewareHandler | undefined;
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (!limit) {
      const maxSize = serverConfig().enquiry.maxBodyBytes;
      limit = bodyLimit({
        maxSize,
        onError: (context) =>
          context.html(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Enquiry too large</title>' +
              '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">' +
              `<h1>Your enquiry is too large to send</h1><p>The limit is ${Math.floor(maxSize / 1024)} KB. Nothing was sent or stored. ` +
              'Please go back, shorten your message and send it again.</p><p><a href="/contact-us">Back to the contact form</a></p></body></html>',
            413,
          ),
      });
    }
    // Waku ignores what a middleware returns: the refusal has to be put on the context.
    const refusal = await limit(c, next);
    if (refusal instanceof Response) c.res = refusal;
  };
}
