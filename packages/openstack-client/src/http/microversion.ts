import { MicroversionUnsupportedError } from './errors';

export interface MicroversionRange {
  min: string;
  max: string;
}

export interface MicroversionWish {
  /** The version whose answer shape the call is written for; lowered to the server max. */
  want: string;
  /** Below this the call cannot work at all (a field or behaviour it relies on is missing). */
  need?: string;
  /** Above this the behaviour is gone (Nova 2.92 removed key pair generation). */
  upTo?: string;
}

export function parseMicroversion(version: string): readonly [number, number] {
  const match = /^(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) throw new TypeError(`Not a microversion: "${version}"`);
  return [Number(match[1]), Number(match[2])];
}

export function compareMicroversions(a: string, b: string): number {
  const [aMajor, aMinor] = parseMicroversion(a);
  const [bMajor, bMinor] = parseMicroversion(b);
  return aMajor === bMajor ? aMinor - bMinor : aMajor - bMajor;
}

export function supportsMicroversion(range: MicroversionRange, version: string): boolean {
  return (
    compareMicroversions(version, range.min) >= 0 && compareMicroversions(version, range.max) <= 0
  );
}

/** Lower a range's top to a client-side cap (never below its bottom). */
export function capRange(range: MicroversionRange, cap: string | undefined): MicroversionRange {
  if (cap === undefined || compareMicroversions(cap, range.max) >= 0) return range;
  const max = compareMicroversions(cap, range.min) < 0 ? range.min : cap;
  return { min: range.min, max };
}

/** The version to send: `want` capped at the server max, checked against `need` and `upTo`. */
export function chooseMicroversion(
  service: string,
  range: MicroversionRange,
  wish: MicroversionWish,
): string {
  let version = compareMicroversions(wish.want, range.max) > 0 ? range.max : wish.want;
  if (compareMicroversions(version, range.min) < 0) version = range.min;
  if (wish.need !== undefined && compareMicroversions(version, wish.need) < 0) {
    throw new MicroversionUnsupportedError(service, `≥ ${wish.need}`, range);
  }
  if (wish.upTo !== undefined && compareMicroversions(version, wish.upTo) > 0) {
    throw new MicroversionUnsupportedError(service, `≤ ${wish.upTo}`, range);
  }
  return version;
}

/** The highest of several optional microversions ("needs 2.10 for X and 2.2 for Y"). */
export function highestMicroversion(...versions: (string | undefined)[]): string | undefined {
  let top: string | undefined;
  for (const version of versions) {
    if (version === undefined) continue;
    if (top === undefined || compareMicroversions(version, top) > 0) top = version;
  }
  return top;
}
