import { describe, expect, test, vi } from 'vitest';
import { settleWithin } from './settle-within';

describe('settleWithin', () => {
  test('gives the value of a promise that settles in time', async () => {
    await expect(settleWithin(Promise.resolve('cached'), 50)).resolves.toBe('cached');
  });

  test('gives undefined when the promise is slower, and leaves it running', async () => {
    vi.useFakeTimers();
    try {
      let resolveSlow!: (value: string) => void;
      const slow = new Promise<string>((resolve) => (resolveSlow = resolve));
      const early = settleWithin(slow, 100);
      await vi.advanceTimersByTimeAsync(100);
      await expect(early).resolves.toBeUndefined();
      resolveSlow('late');
      await expect(slow).resolves.toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });

  test('passes a rejection through', async () => {
    await expect(settleWithin(Promise.reject(new Error('boom')), 50)).rejects.toThrow('boom');
  });
});
