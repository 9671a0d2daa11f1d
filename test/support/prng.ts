// A small seeded generator (mulberry32), so property and fuzz tests reproduce from their seed.
export type Rand = () => number;

export function prng(seed: number): Rand {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A pick from a list, drawn from `rand`. */
export function picker(rand: Rand): <T>(xs: readonly T[]) => T {
  return (xs) => xs[Math.floor(rand() * xs.length)]!;
}

/**
 * A random JSON object for the settings property tests: up to 3 keys from `keys` (sometimes with a
 * digit), each a scalar (numbers, booleans, null, one of `strings`), an array or an object, up to
 * depth 2.
 */
export function randomJsonObject(rand: Rand, keys: readonly string[], strings: readonly string[]): Record<string, unknown> {
  const pick = picker(rand);
  const word = () => pick(keys) + (rand() < 0.3 ? String(Math.floor(rand() * 9)) : '');
  const scalar = () => pick([() => Math.floor(rand() * 1000), () => rand() < 0.5, () => null, () => pick(strings)])();
  const value = (depth: number): unknown => {
    if (depth > 2 || rand() < 0.5) return scalar();
    if (rand() < 0.5) return Array.from({ length: Math.floor(rand() * 3) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(rand() * 3) }, () => [word(), value(depth + 1)]));
  };
  const obj: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) obj[word()] = value(0);
  return obj;
}
