import type { PolicyBody, PolicyRule, PolicyTarget } from '@skydeck/contract';
import { t } from '../i18n/i18n';
import { msg } from '../i18n/msg';
import { toast } from '../ui/Toasts/toast';
import { markReported, reportError } from './errors';
import { api } from './api';
import { ApiError } from './http';
import { serverEnvironment, type PageEnvironment } from './environment';

export const POLICY_CHECK_FAILED = msg('Policy check failed');

/** One check: every rule must pass for the (optional) target. */
export interface PolicyCheck {
  rules: PolicyRule[];
  target?: PolicyTarget;
}

/** The server's batch limit (PolicyBatchBody maxItems). */
const MAX_CHECKS_PER_REQUEST = 1000;

/** Canonical form, so the same check asked by the sidebar and a table shares one cache entry. */
export function normalizeCheck(check: PolicyCheck): PolicyCheck {
  const seen = new Set<string>();
  const rules: PolicyRule[] = [];
  for (const rule of check.rules) {
    const key = `${rule[0]}\u0000${rule[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rules.push([rule[0], rule[1]]);
  }
  rules.sort((a, b) => (a[0] + '\u0000' + a[1] < b[0] + '\u0000' + b[1] ? -1 : 1));
  if (!check.target) return { rules };
  const target: PolicyTarget = {};
  for (const k of Object.keys(check.target).sort()) {
    const v = check.target[k];
    if (v !== undefined) target[k] = v;
  }
  return { rules, target };
}

export function checkKey(check: PolicyCheck): string {
  return JSON.stringify(normalizeCheck(check));
}

type Send = (checks: PolicyBody[]) => Promise<boolean[]>;

async function sendBatch(checks: PolicyBody[]): Promise<boolean[]> {
  const answer = await api('policy.batch', { body: { checks } });
  return answer.allowed;
}

interface Pending {
  resolve: (allowed: boolean) => void;
  reject: (error: unknown) => void;
}

export interface PolicyBatcher {
  load: (check: PolicyCheck) => Promise<boolean>;
}

/**
 * Collects the checks asked within one short window (one page render: sidebar, table columns,
 * actions) into a single POST /api/policy/batch/, deduplicated. A failed call shows the warning
 * "Policy check failed" (spec 2 §6) and rejects, which the callers treat as "denied".
 */
export function createPolicyBatcher(
  options: { windowMs?: number; send?: Send } = {},
): PolicyBatcher {
  const windowMs = options.windowMs ?? 10;
  const send = options.send ?? sendBatch;
  let pending = new Map<string, { check: PolicyCheck; waiters: Pending[] }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flushChunk(entries: { check: PolicyCheck; waiters: Pending[] }[]): Promise<void> {
    try {
      const allowed = await send(entries.map((entry) => entry.check));
      entries.forEach(({ waiters }, i) => {
        for (const w of waiters) w.resolve(allowed[i] === true);
      });
    } catch (error) {
      // On the server a failed check only means the browser renders the page (and reports it):
      // the toasts and the sign-out are the browser's, and no one's on the server.
      if (serverEnvironment()) {
        // nothing to show here
      } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        reportError(error);
      } else {
        toast.warning(t(POLICY_CHECK_FAILED));
        markReported(error);
      }
      for (const { waiters } of entries) for (const w of waiters) w.reject(error);
    }
  }

  function flush(): void {
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    for (let i = 0; i < batch.length; i += MAX_CHECKS_PER_REQUEST) {
      void flushChunk(batch.slice(i, i + MAX_CHECKS_PER_REQUEST));
    }
  }

  return {
    load: (check) =>
      new Promise<boolean>((resolve, reject) => {
        const normalized = normalizeCheck(check);
        const key = JSON.stringify(normalized);
        const entry = pending.get(key);
        if (entry) entry.waiters.push({ resolve, reject });
        else pending.set(key, { check: normalized, waiters: [{ resolve, reject }] });
        timer ??= setTimeout(flush, windowMs);
      }),
  };
}

/** The browser's batcher: one page, one user. */
const pageBatcher = createPolicyBatcher();

/**
 * Each server render's own batcher (foundation issue §5). One process renders many users'
 * pages at once: a batcher shared by them sent one user's checks with another's cookie when two
 * renders fell in the same window, and answered each with the other's rights. Its window is 0:
 * the route's loaders ask for all their checks in one go, and a render should not sit idle.
 */
const renderBatchers = new WeakMap<PageEnvironment, PolicyBatcher>();

/** The app's batcher; tests create their own through createPolicyBatcher. */
export const policyBatcher: PolicyBatcher = {
  load: (check) => {
    const server = serverEnvironment();
    if (!server) return pageBatcher.load(check);
    let own = renderBatchers.get(server);
    if (!own) {
      own = createPolicyBatcher({ windowMs: 0 });
      renderBatchers.set(server, own);
    }
    return own.load(check);
  },
};
