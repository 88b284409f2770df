import type { MicroversionedContext, VersionedRequest } from '../http/microversioned';

export type CinderRequest = VersionedRequest;

/** What each Cinder resource module gets: one way to call with a negotiated microversion. */
export type CinderContext = MicroversionedContext;

/** The last shape change this client knows of volumes and snapshots (3.65: consumes_quota). */
export const SHAPE = '3.65';
export const BASE = '3.0';
