/**
 * One POST of an enquiry to the webhook (ENQUIRY_WEBHOOK_URL), shared by the Node forwarder (from the outbox)
 * and the Workers queue consumer (from the queue), so the receiver sees the same request from both: the record
 * as the JSON body, `Idempotency-Key: <id>` (delivery is at least once; the receiver drops repeats by id) and,
 * with a secret, `X-Enquiry-Signature: sha256=<hex HMAC-SHA256 of the body>` (WebCrypto: Node and Workers).
 */
import 'server-only';
import type { DeliveryAnswer, EnquiryRecord } from './store';

export type WebhookTarget = {
  url: string;
  /** When set, each POST is signed: `X-Enquiry-Signature: sha256=<hex HMAC of the body>`. */
  secret?: string | undefined;
};

async function webhookRequest(
  record: EnquiryRecord,
  secret?: string,
): Promise<{ body: string; headers: Record<string, string> }> {
  const body = JSON.stringify(record);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': record.id,
    'user-agent': 'enquiry-forwarder/1',
  };
  if (secret) {
    const encoder = new TextEncoder();
    const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
    headers['x-enquiry-signature'] = `sha256=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  }
  return { body, headers };
}

/**
 * POSTs the record and says what the answer means; an unreachable webhook or one that does not answer within
 * `timeoutMs` is 'unavailable' (with the reason). Redirects are not followed (workerd has no
 * `redirect: 'error'`): a 3xx is a refusal like any other, so a moved webhook shows in the logs instead of
 * the enquiry going wherever it points.
 */
export async function postToWebhook(
  target: WebhookTarget,
  record: EnquiryRecord,
  timeoutMs: number,
): Promise<DeliveryAnswer> {
  const { body, headers } = await webhookRequest(record, target.secret);
  let status: number;
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    status = response.status;
  } catch (error) {
    return { verdict: 'unavailable', problem: `the webhook is unreachable (${describeError(error)})` };
  }
  if (status >= 200 && status < 300) return { verdict: 'delivered', problem: '' };
  // 408, 429, 5xx: the webhook is busy or down, worth trying again; anything else refuses this record.
  const verdict = status === 408 || status === 429 || status >= 500 ? 'unavailable' : 'refused';
  return { verdict, problem: `the webhook answered ${status}` };
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
}
