import type { MicroversionedContext, VersionedRequest } from '../http/microversioned';

export type NovaRequest = VersionedRequest;

/** What each Nova resource module gets: one way to call with a negotiated microversion. */
export type NovaContext = MicroversionedContext;
