import type { IncomingHttpHeaders } from 'node:http';
import { Fault } from './faults';

/** A `major.minor` API microversion (compute, volume, ...), comparable by number not text. */
export class Microversion {
  constructor(
    readonly major: number,
    readonly minor: number,
  ) {}

  static parse(text: string): Microversion | undefined {
    const match = /^([1-9]\d*)\.([1-9]\d*|0)$/.exec(text.trim());
    if (!match) return undefined;
    return new Microversion(Number(match[1]), Number(match[2]));
  }

  static of(text: string): Microversion {
    const version = Microversion.parse(text);
    if (!version) throw new Error(`invalid microversion literal ${text}`);
    return version;
  }

  compare(other: Microversion | string): number {
    const o = typeof other === 'string' ? Microversion.of(other) : other;
    return this.major !== o.major ? this.major - o.major : this.minor - o.minor;
  }

  atLeast(other: Microversion | string): boolean {
    return this.compare(other) >= 0;
  }

  below(other: Microversion | string): boolean {
    return this.compare(other) < 0;
  }

  toString(): string {
    return `${this.major}.${this.minor}`;
  }
}

export interface MicroversionRange {
  /** The service type named in `OpenStack-API-Version` (e.g. `compute`). */
  readonly serviceType: string;
  /** Older per-service headers still honoured (e.g. `X-OpenStack-Nova-API-Version`), lower-case. */
  readonly legacyHeaders: readonly string[];
  readonly min: Microversion;
  readonly max: Microversion;
}

const headerValues = (headers: IncomingHttpHeaders, name: string): string[] => {
  const raw = headers[name];
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(','));
};

/** The requested version string, following microversion-parse: the standard header wins over legacy ones. */
const requestedVersion = (
  headers: IncomingHttpHeaders,
  range: MicroversionRange,
): string | undefined => {
  for (const entry of headerValues(headers, 'openstack-api-version')) {
    const [service, version] = entry.trim().split(/\s+/, 2);
    if (service?.toLowerCase() === range.serviceType && version !== undefined) return version;
  }
  for (const legacy of range.legacyHeaders) {
    const value = headerValues(headers, legacy)[0];
    if (value !== undefined) return value.trim();
  }
  return undefined;
};

/**
 * The microversion a request asks for: the minimum when absent, the maximum for `latest`;
 * 400 for a malformed string and 406 outside the supported range, with upstream's texts.
 */
export const negotiateMicroversion = (
  headers: IncomingHttpHeaders,
  range: MicroversionRange,
): Microversion => {
  const requested = requestedVersion(headers, range);
  if (requested === undefined) return range.min;
  if (requested.toLowerCase() === 'latest') return range.max;
  const version = Microversion.parse(requested);
  if (!version) {
    throw new Fault(
      400,
      `API Version String ${requested} is of invalid format. Must be of format MajorNum.MinorNum.`,
    );
  }
  if (version.below(range.min) || version.compare(range.max) > 0) {
    throw new Fault(
      406,
      `Version ${version.toString()} is not supported by the API. Minimum is ${range.min.toString()} and maximum is ${range.max.toString()}.`,
    );
  }
  return version;
};
