import type { FastifyRequest } from 'fastify';
import { header, parseHttpDate } from './http';

/** HTTP semantics swob gives every object answer: conditional requests and byte ranges. */

/** swob's Match: the tags of If-Match / If-None-Match, quotes removed; `*` matches any. */
export const matchTags = (value: string | undefined): Set<string> | undefined => {
  if (value === undefined) return undefined;
  const tags = new Set<string>();
  for (const tag of value.split(',')) {
    const t = tag.trim();
    if (t) tags.add(t.replace(/^"(.*)"$/, '$1'));
  }
  return tags;
};
export const matches = (tags: Set<string>, etag: string): boolean =>
  tags.has('*') || tags.has(etag);

/** swob's conditional answer (304 or 412) for an existing object, if any. */
export const conditionalStatus = (
  request: FastifyRequest,
  etag: string,
  timestamp: number,
): number | undefined => {
  const noneMatch = matchTags(header(request, 'if-none-match'));
  if (noneMatch && matches(noneMatch, etag)) return 304;
  const match = matchTags(header(request, 'if-match'));
  if (match && !matches(match, etag)) return 412;
  const lastModified = Math.ceil(timestamp);
  const since = parseHttpDate(header(request, 'if-modified-since'));
  if (since !== undefined && lastModified <= since) return 304;
  const unmodified = parseHttpDate(header(request, 'if-unmodified-since'));
  if (unmodified !== undefined && lastModified > unmodified) return 412;
  return undefined;
};

// ---- ranges (swob.Range) -------------------------------------------------------------------

export type ByteRange = readonly [number | null, number | null];

/** The ranges of a Range header, or undefined when it is malformed (and so ignored). */
export const parseRange = (value: string | undefined): ByteRange[] | undefined => {
  if (!value) return undefined;
  const text = value.replaceAll(' ', '');
  if (!text.toLowerCase().startsWith('bytes=')) return undefined;
  const ranges: ByteRange[] = [];
  for (const spec of text.slice(6).split(',')) {
    const dash = spec.indexOf('-');
    if (dash < 0) return undefined;
    const [a, b] = [spec.slice(0, dash), spec.slice(dash + 1)];
    if ((a && !/^\d+$/.test(a)) || (b && !/^\d+$/.test(b))) return undefined;
    const start = a ? Number(a) : null;
    const end = b ? Number(b) : null;
    if (start === null && end === null) return undefined;
    if (start !== null && end !== null && end < start) return undefined;
    ranges.push([start, end]);
  }
  return ranges;
};

/** swob's ranges_for_length: half-open [start, stop) pairs; [] when nothing is satisfiable. */
export const rangesForLength = (
  ranges: readonly ByteRange[],
  length: number,
): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  for (const [begin, end] of ranges) {
    if (begin === null) {
      if (end === 0 || end === null) continue;
      out.push(end > length ? [0, length] : [length - end, length]);
    } else if (end === null) {
      if (begin < length) out.push([begin, length]);
    } else if (begin < length) {
      out.push([begin, Math.min(end + 1, length)]);
    }
  }
  // RFC 7233 §6.1: too many, overlapping or disordered ranges are refused.
  if (out.length > 50) return [];
  let overlaps = 0;
  let nonAscending = 0;
  for (let i = 0; i < out.length; i++) {
    const [s1, e1] = out[i] ?? [0, 0];
    for (let j = i + 1; j < out.length; j++) {
      const [s2, e2] = out[j] ?? [0, 0];
      if (s1 < e2 && s2 < e1) overlaps++;
    }
    if (i > 0 && s1 < (out[i - 1]?.[0] ?? 0)) nonAscending++;
  }
  if (overlaps > 2 || nonAscending > 8) return [];
  return out;
};

export const contentRange = (start: number, stop: number, length: number): string =>
  `bytes ${start}-${stop - 1}/${length}`;
