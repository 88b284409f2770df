/**
 * Plain values shared by server and web, kept free of TypeBox so the web app can import them
 * (through `@skydeck/contract/constants`) without pulling the schema library into its bundle.
 */

/** The X-Skydeck-Messages header (spec 1 §7): a JSON list of [type, message, extra tags]. */
export type MessageType = 'success' | 'info' | 'warning' | 'error' | 'danger';
export type HeaderMessage = [MessageType, string, string];
export const MESSAGES_HEADER = 'X-Skydeck-Messages';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
