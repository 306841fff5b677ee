import { describe, expect, test } from 'vitest';
import { createSlugGate } from './known-slugs';

describe('the slug gate', () => {
  test('asks about every slug until the catalogue is known, then unknown slugs only within the budget', () => {
    let clock = 0;
    const gate = createSlugGate({ callsPerMinute: 3, now: () => clock });
    for (let i = 0; i < 10; i += 1) expect(gate.mayAsk(`made-up-${i}`)).toBe(true);
    gate.setKnown(new Set(['real']));
    expect(Array.from({ length: 10 }, (_, i) => gate.mayAsk(`made-up-${i}`))).toEqual([
      true,
      true,
      true,
      ...Array(7).fill(false),
    ]);
    expect(gate.mayAsk('real')).toBe(true); // known slugs never run out
    clock += 60_000;
    expect(gate.mayAsk('new-course')).toBe(true); // a new minute, a new budget
  });
});
