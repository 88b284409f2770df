import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { toast } from '../ui/Toasts/toast';
import { reportError } from './errors';
import { ApiError } from './http';

/** What a query may tell the cache-level error handler. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** Msg key toasted on failure instead of the server text, e.g. "Unable to retrieve the key pairs." */
  errorMessage?: string;
  /** Statuses the component handles itself (not toasted). */
  silentStatuses?: readonly number[];
}

/**
 * How long an answer a route's loader asked for counts as fresh when its panel mounts a moment
 * later: shown, not asked for again (invalidation and polling still refetch).
 */
export const PREFETCHED_FRESH_MS = 2000;

/**
 * A query a route's loader sends before the session is confirmed and before the panel's gate
 * has decided: a 401 is the shell's to handle (the login page), a 403 the gate's (a panel the
 * user may not see says so). Neither is toasted here; a panel that mounts asks again (a failed
 * query is fetched anew on mount) and reports its own failure.
 */
export function prefetchedByRoute<O extends { meta?: AppQueryMeta }>(options: O): O {
  const silentStatuses = [...(options.meta?.silentStatuses ?? []), 401, 403];
  return { ...options, meta: { ...options.meta, silentStatuses } };
}

/** What a mutation declares (STYLE rule 3): invalidation and the spec's toasts. */
export interface AppMutationMeta extends Record<string, unknown> {
  invalidates?: readonly QueryKey[];
  /** Already translated success text; use t() from i18n/i18n. */
  successMessage?: (data: unknown, variables: unknown) => string;
  /** The success toast's type; "info" for work that goes on after the call (Creating volume x). */
  successType?: 'success' | 'info';
  /** Msg key toasted on failure instead of the server text. */
  errorMessage?: string;
  /** The form running it shows 4xx messages inline, so the cache only toasts 401/403/5xx. */
  inlineErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}

/**
 * Whether a failed query is tried again. A 4xx will not change by asking again, and a 504 means
 * the server already waited its whole upstream timeout for a hung service: asking twice more
 * only triples the wait before the user sees why. Other 5xx and network errors get two more tries.
 */
export function retryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status < 500 || error.status === 504)) return false;
  return failureCount < 2;
}

/**
 * The app's QueryClient: one QueryCache and one MutationCache handler for errors, invalidation
 * and success toasts, so components never call invalidateQueries or toast for a CRUD result.
 */
export function createQueryClient(
  defaults: ConstructorParameters<typeof QueryClient>[0] = {},
): QueryClient {
  const client: QueryClient = new QueryClient({
    ...defaults,
    defaultOptions: {
      ...defaults.defaultOptions,
      queries: { retry: retryQuery, ...defaults.defaultOptions?.queries },
      mutations: { retry: false, ...defaults.defaultOptions?.mutations },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportError(error, {
          errorMessage: query.meta?.errorMessage,
          silentStatuses: query.meta?.silentStatuses,
        });
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: async (data, variables, _result, mutation) => {
        const meta = mutation.meta;
        if (meta?.successMessage) {
          const text = meta.successMessage(data, variables);
          if (meta.successType === 'info') toast.info(text);
          else toast.success(text);
        }
        if (meta?.invalidates?.length) {
          // Awaited so a modal's spinner lasts until the list shows the change.
          await Promise.all(
            meta.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })),
          );
        }
      },
      onError: (error, _variables, _result, mutation) => {
        reportError(error, {
          errorMessage: mutation.meta?.errorMessage,
          inlineErrors: mutation.meta?.inlineErrors,
        });
      },
    }),
  });
  return client;
}

export interface MutationDefinition<TData, TVars> {
  fn: (variables: TVars) => Promise<TData>;
  /** Query keys (prefixes) refetched after success, e.g. keyPairQueries.all(). */
  invalidates?: readonly QueryKey[];
  successMessage?: (data: TData, variables: TVars) => string;
  successType?: 'success' | 'info';
  errorMessage?: string;
  inlineErrors?: boolean;
}

export type AppMutationOptions<TData, TVars> = UseMutationOptions<TData, Error, TVars> & {
  mutationFn: (variables: TVars) => Promise<TData>;
};

/**
 * Declares a mutation for useMutation (STYLE §2):
 * `remove: mutation({ fn: (kp: Keypair) => …, invalidates: [keyPairQueries.all()] })`.
 */
export function mutation<TData, TVars = void>(
  def: MutationDefinition<TData, TVars>,
): AppMutationOptions<TData, TVars> {
  const { successMessage } = def;
  return {
    mutationFn: def.fn,
    meta: {
      invalidates: def.invalidates,
      successMessage: successMessage
        ? (data, variables) => successMessage(data as TData, variables as TVars)
        : undefined,
      ...(def.successType && { successType: def.successType }),
      errorMessage: def.errorMessage,
      inlineErrors: def.inlineErrors,
    },
  };
}
