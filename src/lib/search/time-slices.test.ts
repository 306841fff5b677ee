import { describe, expect, it } from 'vitest';
import { jsonArrayInPieces } from './time-slices';

describe('jsonArrayInPieces', () => {
  const noPause = async () => {};

  it('joins to the JSON of the array, for none, one, a piece exactly full and many pieces', async () => {
    const long = 'é'.repeat(64 * 1024 - 2); // with its quotes and comma, one item fills a piece
    const arrays: unknown[][] = [
      [],
      ['a'],
      [long],
      [long, 'b'],
      Array.from({ length: 5000 }, (_, i) => ({ i, t: 'x'.repeat(40) })),
    ];
    for (const items of arrays) {
      const pieces = await jsonArrayInPieces(items, noPause);
      expect(pieces.join('')).toBe(JSON.stringify(items));
    }
  });

  it('never makes a piece much past 64 K characters: the writer never copies the whole text at once', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => `course ${i} ${'d'.repeat(200)}`);
    const pieces = await jsonArrayInPieces(items, noPause);
    expect(pieces.length).toBeGreaterThan(60);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(64 * 1024 + 300);
  });
});
