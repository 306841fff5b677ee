/**
 * How many acknowledgements one mailbox, and one mail domain, may be sent: per hour and per day. The
 * acknowledgement goes to whatever address a form names, from the provider's own address, so without these a
 * few clients (or one client with many addresses) could make the site mail one victim as often as they like,
 * and a mail host would count that against the provider's domain. Over a limit the enquiry is still accepted,
 * stored and sent to the team; only the acknowledgement is withheld (record 034).
 *
 * Decided once, when the pipeline accepts the enquiry, and kept on the record: the same on Node (file outbox and
 * forwarders) and on Workers (queue). The counts are in memory, per process on Node and per isolate on Workers,
 * where they bound a flood rather than count exactly (as the client limit does).
 */
import 'server-only';
import { asciiAddress } from './email-messages';
import { RateLimiter, releaseEach, takeEach } from './rate-limit';
import type { ServerConfig } from '../server-config';
import type { AcknowledgementWithheld } from './store';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The mailbox an address reaches, as a key: lower case, the domain in punycode, and without a `+tag` (one
 * mailbox takes `victim+1@…`, `victim+2@…`: each is not a new recipient).
 */
function mailboxKey(address: string): { mailbox: string; domain: string } {
  const ascii = asciiAddress(address).toLowerCase();
  const at = ascii.lastIndexOf('@');
  const domain = ascii.slice(at + 1);
  const local = ascii.slice(0, at).replace(/\+.*$/, '');
  return { mailbox: `${local}@${domain}`, domain };
}

export class AcknowledgementLimits {
  private readonly address: [RateLimiter, RateLimiter];
  private readonly domain: [RateLimiter, RateLimiter];

  constructor(settings: ServerConfig['enquiry']['acknowledgementLimits'], now: () => number = Date.now) {
    this.address = [
      new RateLimiter(settings.perAddressHour, HOUR_MS, now),
      new RateLimiter(settings.perAddressDay, DAY_MS, now),
    ];
    this.domain = [
      new RateLimiter(settings.perDomainHour, HOUR_MS, now),
      new RateLimiter(settings.perDomainDay, DAY_MS, now),
    ];
  }

  /**
   * Counts one acknowledgement to `address` if the address and its domain have room; otherwise nothing is
   * counted and the answer says which limit withholds it.
   */
  take(address: string): { ok: true; release(): void } | { ok: false; reason: AcknowledgementWithheld } {
    const { mailbox, domain } = mailboxKey(address);
    const counts = [
      ...this.address.map((limiter) => [limiter, mailbox] as const),
      ...this.domain.map((limiter) => [limiter, domain] as const),
    ];
    const decision = takeEach(counts);
    if (decision.ok) return { ok: true, release: () => releaseEach(counts) };
    return { ok: false, reason: decision.refusedBy < this.address.length ? 'recipient-limit' : 'domain-limit' };
  }
}
