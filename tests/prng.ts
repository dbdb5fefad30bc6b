/**
 * A small seeded PRNG (mulberry32) for the randomised tests (chaos runs, concurrency runs): the
 * same seed gives the same sequence, so a failing run can be replayed.
 */
export const mulberry32 =
  (seed: number): (() => number) =>
  () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
