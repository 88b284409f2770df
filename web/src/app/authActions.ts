import type { QueryClient } from '@tanstack/react-query';
import type { LoginBody, UserSession } from '@skydeck/contract';
import { api } from '../api/api';
import { shellQueries } from '../data/shell';

/**
 * Where to go after login: only a same-origin path inside the app, never "//host" or a URL —
 * otherwise the login page would be an open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  if (next === '/login' || next.startsWith('/login?')) return '/';
  return next;
}

export function loginPath(next: string): string {
  const target = safeNext(next);
  return target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}

export async function login(queryClient: QueryClient, body: LoginBody): Promise<UserSession> {
  const session = await api('auth.login', { body });
  // Nothing cached under the previous identity may leak into the new one.
  queryClient.clear();
  queryClient.setQueryData(shellQueries.session().queryKey, session);
  return session;
}

/** Ends the server session; a failure there still clears everything locally. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api('auth.logout');
  } catch {
    // The session may already be gone (that is often why we are here).
  }
  queryClient.clear();
}

/** After a rescope every cached answer (policy, lists, limits) belongs to the old scope. */
async function rescoped(queryClient: QueryClient, session: UserSession): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  queryClient.setQueryData(shellQueries.session().queryKey, session);
  const sessionHash = queryClient.getQueryCache().find({
    queryKey: shellQueries.session().queryKey,
    exact: true,
  })?.queryHash;
  await queryClient.resetQueries({
    predicate: (query) => query.queryHash !== sessionHash,
  });
}

export async function switchProject(queryClient: QueryClient, projectId: string): Promise<void> {
  const session = await api('auth.switchProject', { body: { project_id: projectId } });
  await rescoped(queryClient, session);
}

export async function switchRegion(queryClient: QueryClient, region: string): Promise<void> {
  const session = await api('auth.switchRegion', { body: { region } });
  await rescoped(queryClient, session);
}
