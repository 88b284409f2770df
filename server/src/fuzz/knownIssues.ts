import type { FuzzCase } from './cases';

/** What the known-issue list looks at: the case and its request as sent. */
export interface SentCase {
  readonly fuzz: FuzzCase;
  readonly routeKey: string;
  /** Path params as they went into the URL (percent-encoded, or deliberately not). */
  readonly params: Readonly<Record<string, string>>;
  readonly contentType?: string;
}

export interface KnownIssue {
  readonly id: string;
  readonly what: string;
  /** Not sent at all while open (it would take the server down or poison the run). */
  readonly skip?: (sent: SentCase) => boolean;
  /** A 5xx this issue explains (`logged`: the server's error log for it): known, not a failure. */
  readonly explains?: (sent: SentCase, status: number, logged: string) => boolean;
}

/**
 * ========================== KNOWN, BEING FIXED ELSEWHERE ==========================
 * 5xx findings another engineer is fixing right now (issue 8 §1). Each entry lets the fuzz run
 * pass while its fix is pending; when the fix lands, delete the entry, and the fuzzer holds the
 * server to it from then on.
 * ==================================================================================
 */
export const KNOWN_ISSUES: readonly KnownIssue[] = [
  // Empty: dot ids, malformed multipart and the data_size crash were fixed (issue 8 §1).
];

export const knownSkip = (sent: SentCase): KnownIssue | undefined =>
  KNOWN_ISSUES.find((issue) => issue.skip?.(sent) === true);

export const knownExplanation = (
  sent: SentCase,
  status: number,
  logged: string,
): KnownIssue | undefined => KNOWN_ISSUES.find((issue) => issue.explains?.(sent, status, logged));
