import { describe, expect, it } from 'vitest';
import { firstComputes } from './first-computes.ts';

/** A process's kept answers and computations, with a computation that keeps its answer after a turn of the event loop. */
function answers() {
  const kept = new Map<string, number>();
  const running = new Map<string, Promise<number>>();
  let computed = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  const ask = (key: string, fail = false) =>
    firstComputes(running, key, () => kept.has(key), async () => {
      if (kept.has(key)) return kept.get(key)!;
      computed++;
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (fail) throw new Error('the database is away');
      kept.set(key, computed);
      return computed;
    });
  return { ask, kept, running, computed: () => computed, mostAtOnce: () => mostAtOnce };
}

describe('firstComputes', () => {
  it('computes an answer asked for by many at once once, and hands each the kept one', async () => {
    const a = answers();
    const got = await Promise.all(Array.from({ length: 20 }, () => a.ask('team 7')));
    expect(a.computed()).toBe(1);
    expect(new Set(got)).toEqual(new Set([1]));
    expect(a.running.size).toBe(0);
  });

  it('lets other keys compute meanwhile', async () => {
    const a = answers();
    await Promise.all([a.ask('team 7'), a.ask('host 3'), a.ask('team 7')]);
    expect(a.computed()).toBe(2);
    expect(a.mostAtOnce()).toBe(2);
  });

  it('puts the next request in line in place of a computation that failed', async () => {
    const a = answers();
    const [first, second, third] = await Promise.allSettled([a.ask('team 7', true), a.ask('team 7'), a.ask('team 7')]);
    expect(first.status).toBe('rejected');
    expect([second, third].map((r) => r.status === 'fulfilled' && r.value)).toEqual([2, 2]);
    expect(a.computed()).toBe(2);
    expect(a.running.size).toBe(0);
  });
});
