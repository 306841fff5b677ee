/**
 * A sliding-window limit per client: at most `limit` accepted enquiries in any `windowMs`. In memory, so
 * it is per server process and forgets on restart, which is enough to stop one client flooding the inbox.
 */
export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one request for `key` if it is within the limit. A limit of 0 means no limit. */
  take(key: string): RateDecision {
    if (this.limit <= 0) return { ok: true };
    const now = this.now();
    this.sweep(now);
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { ok: false, retryAfterMs: recent[0]! + this.windowMs - now };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  /** Give back the last hit of `key` (the enquiry it counted could not be stored). */
  release(key: string): void {
    this.hits.get(key)?.pop();
  }

  /** Forget clients whose hits have all expired, at most once a window, so the map does not grow forever. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, hits] of this.hits) {
      if (hits.every((at) => at <= since)) this.hits.delete(key);
    }
  }
}

/**
 * Counts each `[limiter, key]` only if every one has room (one enquiry counts against its client, its network,
 * its recipient…); otherwise nothing is counted and the refusal names which one (its index) and when to retry.
 */
export function takeEach(
  counts: readonly (readonly [RateLimiter, string])[],
): { ok: true } | { ok: false; refusedBy: number; retryAfterMs: number } {
  for (const [index, [limiter, key]] of counts.entries()) {
    const decision = limiter.take(key);
    if (decision.ok) continue;
    for (const [taken, takenKey] of counts.slice(0, index)) taken.release(takenKey);
    return { ok: false, refusedBy: index, retryAfterMs: decision.retryAfterMs };
  }
  return { ok: true };
}

/** Gives back what `takeEach` counted (the enquiry could not be stored). */
export function releaseEach(counts: readonly (readonly [RateLimiter, string])[]): void {
  for (const [limiter, key] of counts) limiter.release(key);
}
