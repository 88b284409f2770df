import type { Bootstrap } from '@skydeck/contract';

/**
 * What the app reads from its page: the cookies, the web root (the <base href> the server
 * injects), the way to reach the server, and the bootstrap written into the page. In the
 * browser these are the document's; when the server renders a page first (foundation issue §5)
 * they are the request's, supplied per request by the server's renderer.
 */
export interface PageEnvironment {
  cookie: () => string;
  webRoot: () => string;
  fetch: typeof fetch;
  /** The bootstrap written into the page, taken once; undefined when there is none. */
  takeBootstrap: () => Bootstrap | undefined;
}

let source: (() => PageEnvironment | undefined) | undefined;

/**
 * The server's renderer installs where a request's environment comes from (its async context):
 * one process renders many requests at once, so there is no single "current" document.
 */
export function setEnvironmentSource(get: () => PageEnvironment | undefined): void {
  source = get;
}

/** The request's environment while the server renders; undefined in the browser. */
export function serverEnvironment(): PageEnvironment | undefined {
  return source?.();
}

/** True while rendering on the server (no document, no window). */
export const isServer = (): boolean => typeof document === 'undefined';
