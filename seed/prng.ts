// Deterministic pseudo-random numbers for the seed. Same seed, same data: every table is generated from
// mulberry32 streams keyed by (seed, stream, entity id), so a table can be regenerated on its own, in any
// order, without holding the fleet in memory.

/** 32-bit integer hash (murmur3 finalizer over a running mix). */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h ^= p >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    // fold in the high bits of large numbers (ids stay below 2^53)
    const hi = Math.floor(p / 0x100000000);
    if (hi) h = Math.imul(h ^ hi, 0x27d4eb2f);
  }
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** mulberry32: tiny, fast, good enough for fake data. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** uniform in [0, 1) */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** index chosen by relative weights */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  /** k distinct items (k <= items.length), in a random order */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    for (let i = 0; i < k && copy.length; i++) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }
  hex(length: number): string {
    let s = '';
    while (s.length < length) {
      const v = (this.next() * 0x100000000) >>> 0;
      s += HEX[v >>> 24] + HEX[(v >>> 16) & 255] + HEX[(v >>> 8) & 255] + HEX[v & 255];
    }
    return s.length === length ? s : s.slice(0, length);
  }
  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += Math.floor(this.next() * 10);
    return s;
  }
}

/** Independent streams: one per table or purpose. */
export const Stream = {
  structure: 1,
  owner: 2,
  device: 3,
  sim: 4,
  contact: 5,
  safeZone: 6,
  sms: 7,
  notification: 8,
  audit: 9,
  location: 10,
  communication: 11,
  temperature: 12,
  setting: 13,
  guest: 14,
  wifi: 15,
  misc: 16,
  factory: 17,
  owned: 18,
} as const;

export function rngFor(seed: number, stream: number, id: number): Rng {
  return new Rng(hash32(seed, stream, id));
}

/**
 * A bijection on [0, 10^digits) (x -> (a*x + b) mod 10^digits with a coprime to 10), so distinct ids give
 * distinct, random-looking numbers: unique IMEIs, IMSIs and phone numbers without a lookup table.
 */
export class Permutation {
  private readonly m: bigint;
  private readonly a: bigint;
  private readonly b: bigint;
  constructor(
    private readonly digits: number,
    a: number,
    b: number,
  ) {
    if (a % 2 === 0 || a % 5 === 0) throw new Error('multiplier must be coprime to 10');
    this.m = 10n ** BigInt(digits);
    this.a = BigInt(a);
    this.b = BigInt(b);
  }
  of(x: number): string {
    return ((BigInt(x) * this.a + this.b) % this.m).toString().padStart(this.digits, '0');
  }
}
