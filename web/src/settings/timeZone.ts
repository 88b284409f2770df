import { serverEnvironment } from '../api/environment';
import { TIMEZONE_COOKIE, isTimeZone, storedTimeZone, writePreferenceCookie } from './preferences';

// Read from the cookie once; the Settings page changes it through setTimeZone.
let zone: string | undefined;
const listeners = new Set<() => void>();

/** The zone every date is shown in: the user's choice, else the browser's. */
export function currentTimeZone(): string {
  // The server renders pages for many users: each request's own, never one kept.
  if (serverEnvironment()) return storedTimeZone();
  zone ??= storedTimeZone();
  return zone;
}

/** Chooses the zone for every date shown from now on, and remembers it in its cookie. */
export function setTimeZone(next: string): void {
  if (!isTimeZone(next)) throw new RangeError(`Unknown time zone: ${next}`);
  zone = next;
  writePreferenceCookie(TIMEZONE_COOKIE, next);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: components showing dates re-render when the zone changes. */
export function subscribeTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: forget the cached zone so the cookie is read again. */
export function resetTimeZone(): void {
  zone = undefined;
}
