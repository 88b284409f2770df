import type { HeaderMessage, MessageType } from '@skydeck/contract';
import { createHostStore } from '../hostStore';

export type ToastType = MessageType;

export interface ToastItem {
  id: number;
  type: ToastType;
  /** Already translated (or server-provided) text; always rendered as text. */
  message: string;
}

/** Spec 1 §4/§9: a repeated identical message is suppressed for 10 s. */
export const TOAST_DEDUPE_MS = 10_000;
/** Spec 1 §9: toast delay when the TOAST_DELAY setting is not loaded yet. */
export const DEFAULT_TOAST_DELAY = 3000;

export const toastStore = createHostStore<ToastItem[]>([]);

let nextId = 1;
const lastShown = new Map<string, number>();

function add(type: ToastType, message: string): void {
  const key = `${type}\u0000${message}`;
  const now = Date.now();
  const last = lastShown.get(key);
  if (last !== undefined && now - last < TOAST_DEDUPE_MS) return;
  lastShown.set(key, now);
  const item: ToastItem = { id: nextId++, type, message };
  toastStore.set((list) => [...list, item]);
}

/**
 * The toast API. Module-level so the query and mutation caches can report without React;
 * components may call it too, but CRUD results go through mutation meta (STYLE rule 3).
 */
export const toast = {
  add,
  success: (message: string): void => add('success', message),
  info: (message: string): void => add('info', message),
  warning: (message: string): void => add('warning', message),
  danger: (message: string): void => add('danger', message),
  error: (message: string): void => add('error', message),
  remove: (id: number): void => toastStore.set((list) => list.filter((item) => item.id !== id)),
  /** Test helper and logout: forget shown toasts and the dedupe memory. */
  reset: (): void => {
    lastShown.clear();
    toastStore.set(() => []);
  },
};

const KNOWN_TYPES: ReadonlySet<string> = new Set(['success', 'info', 'warning', 'error', 'danger']);

/** X-Skydeck-Messages entries (spec 1 §7) become toasts; unknown types show as info. */
export function toastHeaderMessages(messages: HeaderMessage[]): void {
  for (const entry of messages) {
    if (!Array.isArray(entry) || typeof entry[1] !== 'string') continue;
    const type = KNOWN_TYPES.has(entry[0]) ? entry[0] : 'info';
    add(type, entry[1]);
  }
}
