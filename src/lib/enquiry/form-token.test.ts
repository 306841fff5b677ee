// Signed, time-limited form tokens: one per rendering (so a cached page can be shared), refused when never
// issued here, tampered with or too old; the same secret in another process accepts them.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { forgetSiteForTests, site } from '../../site';
import { FORM_TOKEN_MAX_AGE_MS, issueFormToken, isValidFormToken } from './form-token';

/** A new process (or isolate): its site, and so the signing key, is made again from the settings. */
const restart = forgetSiteForTests;
/** This process's key (its site's). */
const key = () => site().keys.formToken;

afterEach(() => {
  vi.unstubAllEnvs();
  restart();
});

describe('form tokens', () => {
  test('each rendering gets its own URL-safe token, and it is valid', async () => {
    const tokens = await Promise.all(Array.from({ length: 50 }, () => issueFormToken(key())));
    expect(new Set(tokens).size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
      expect(await isValidFormToken(key(), token)).toBe(true);
    }
  });

  test('a token never issued here, tampered with, or not a token is refused', async () => {
    const token = await issueFormToken(key());
    const [time, render, mac] = token.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const forged of [
      `${time}.${render}.${flip(mac)}`,
      `${time}.${flip(render)}.${mac}`,
      `${(parseInt(time, 36) + 1).toString(36)}.${render}.${mac}`,
      'a'.repeat(22),
      '',
      undefined,
      42,
    ])
      expect(await isValidFormToken(key(), forged), String(forged)).toBe(false);
  });

  test('a token is valid for a day, not longer, and never from the future', async () => {
    const now = Date.now();
    const token = await issueFormToken(key(), now);
    expect(await isValidFormToken(key(), token, now + FORM_TOKEN_MAX_AGE_MS - 1000)).toBe(true);
    expect(await isValidFormToken(key(), token, now + FORM_TOKEN_MAX_AGE_MS + 1000)).toBe(false);
    expect(await isValidFormToken(key(), await issueFormToken(key(), now + 60 * 60_000), now)).toBe(false);
  });

  test('with FORM_TOKEN_SECRET a restarted server accepts the tokens of the previous one; without, it refuses them', async () => {
    vi.stubEnv('FORM_TOKEN_SECRET', 'a-long-shared-secret-for-tests');
    restart();
    const shared = await issueFormToken(key());
    restart();
    expect(await isValidFormToken(key(), shared)).toBe(true);

    vi.stubEnv('FORM_TOKEN_SECRET', '');
    restart();
    const random = await issueFormToken(key());
    expect(await isValidFormToken(key(), random)).toBe(true);
    restart();
    expect(await isValidFormToken(key(), random)).toBe(false);
  });
});
