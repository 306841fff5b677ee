/**
 * One POST of an enquiry to the webhook (ENQUIRY_WEBHOOK_URL), shared by the Node forwarder (in the
 * background, from the outbox) and the Workers store (inside the visitor's request), so the receiver sees
 * the same request from both: the record as the JSON body, `Idempotency-Key: <id>` (delivery is at least
 * once; the receiver drops repeats by id) and, with a secret, `X-Enquiry-Signature: sha256=<hex HMAC-SHA256
 * of the body>`.
 */
import { createHmac } from 'node:crypto';
import type { EnquiryRecord } from './outbox.server';

export type WebhookTarget = {
  url: string;
  /** When set, each POST is signed: `X-Enquiry-Signature: sha256=<hex HMAC of the body>`. */
  secret?: string | undefined;
};

/** What a webhook answer means for the record: arrived; try again later; or this record was refused. */
export type WebhookVerdict = 'delivered' | 'unavailable' | 'refused';

export function webhookRequest(
  record: EnquiryRecord,
  secret?: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(record);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': record.id,
    'user-agent': 'enquiry-forwarder/1',
  };
  if (secret) headers['x-enquiry-signature'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return { body, headers };
}

/**
 * POSTs the record; resolves with the answer's status (its body is discarded), rejects when the webhook is
 * unreachable or `signal` aborts first (a timeout). Redirects are not followed (workerd has no
 * `redirect: 'error'`): a 3xx is an answer like any other non-2xx, so a moved webhook shows in the logs
 * instead of the enquiry going wherever it points.
 */
export async function postToWebhook(
  target: WebhookTarget,
  record: EnquiryRecord,
  signal: AbortSignal,
): Promise<number> {
  const { body, headers } = webhookRequest(record, target.secret);
  const response = await fetch(target.url, { method: 'POST', headers, body, redirect: 'manual', signal });
  await response.body?.cancel().catch(() => {});
  return response.status;
}

/** 2xx: delivered. 408, 429, 5xx: the webhook is busy or down, worth trying again. Anything else: refused. */
export function webhookVerdict(status: number): WebhookVerdict {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'refused';
}

export function describeWebhookError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
}
