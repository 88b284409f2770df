/**
 * webob's content negotiation for error bodies, which the WSGI services that answer through
 * webob's HTTP exceptions (glance; neutron's pecan fallbacks) share.
 */

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

const parseAccept = (header: string): MediaRange[] | undefined => {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const [media = '', ...params] = trimmed.split(';').map((s) => s.trim());
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\/([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(media);
    if (!match) return undefined;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((s) => s.trim());
      if (name?.toLowerCase() === 'q') {
        q = Number(value);
        if (!Number.isFinite(q) || q < 0 || q > 1) return undefined;
      }
    }
    ranges.push({
      type: (match[1] ?? '').toLowerCase(),
      subtype: (match[2] ?? '').toLowerCase(),
      q,
    });
  }
  return ranges;
};

export type BodyKind = 'html' | 'json' | 'plain';

/**
 * webob's `acceptable_offers(['text/html', 'application/json'])`: the q of each offer comes from
 * its most specific matching range; the best q wins and ties keep the offer order (HTML first).
 */
export const negotiateErrorBody = (accept: string | undefined): BodyKind => {
  if (accept === undefined || accept.trim() === '') return 'html';
  const ranges = parseAccept(accept);
  if (!ranges) return 'html';
  const offers: Array<[BodyKind, string, string]> = [
    ['html', 'text', 'html'],
    ['json', 'application', 'json'],
  ];
  let best: { kind: BodyKind; q: number } | undefined;
  for (const [kind, type, subtype] of offers) {
    const specificity = (r: MediaRange): number =>
      r.type === type && r.subtype === subtype
        ? 3
        : r.type === type && r.subtype === '*'
          ? 2
          : r.type === '*' && r.subtype === '*'
            ? 1
            : 0;
    let q = -1;
    let level = 0;
    for (const range of ranges) {
      const s = specificity(range);
      if (s > level) {
        level = s;
        q = range.q;
      }
    }
    if (q > 0 && (!best || q > best.q)) best = { kind, q };
  }
  return best?.kind ?? 'plain';
};
