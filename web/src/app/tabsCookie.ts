import { readCookie, webRoot } from '../api/http';

/** Spec 1 §2 "Sticky tabs": the active tab is remembered in a cookie named tabs. */
export const TABS_COOKIE = 'tabs';

function readAll(): Record<string, string> {
  const raw = readCookie(TABS_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  } catch {
    // A cookie from elsewhere or an older format: start afresh.
  }
  return {};
}

/** The remembered tab of a tab group (one group per resource type's details page). */
export function rememberedTab(group: string): string | undefined {
  return readAll()[group];
}

export function rememberTab(group: string, tabId: string): void {
  const all = { ...readAll(), [group]: tabId };
  const path = webRoot();
  document.cookie = `${TABS_COOKIE}=${encodeURIComponent(JSON.stringify(all))}; path=${path}; SameSite=Lax`;
}
