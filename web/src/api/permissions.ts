import { useMemo } from 'react';
import { type QueryClient, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type {
  ExtensionList,
  PolicyRule,
  PolicyTarget,
  ServiceCatalog,
  Settings,
} from '@skydeck/contract';
import type { Requirement } from '../registry/types';
import { type PolicyCheck, checkKey, normalizeCheck, policyBatcher } from './policyBatcher';
import { type ExtensionService, shellQueries } from '../data/shell';

/** One thing to decide: all requirements must hold; policy rules are checked for the target. */
export interface RequirementSet {
  requirements?: readonly Requirement[];
  target?: PolicyTarget;
}

export interface RequirementsResult {
  /** One entry per input set; false while still loading. */
  allowed: boolean[];
  loading: boolean;
}

export const policyQueries = {
  all: () => ['policy'] as const,
  check: (check: PolicyCheck) =>
    queryOptions({
      queryKey: [...policyQueries.all(), 'check', checkKey(check)] as const,
      queryFn: () => policyBatcher.load(check),
      // Answers hold for the session: login, logout and switches reset the whole cache.
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
};

/** Catalog types that stand for the same service (spec 2 §6: "a volume service (v2 or v3)"). */
const SERVICE_ALIASES: Record<string, readonly string[]> = {
  volume: ['volume', 'volumev2', 'volumev3', 'block-storage'],
  volumev2: ['volumev2', 'volume'],
  volumev3: ['volumev3', 'block-storage'],
  'block-storage': ['block-storage', 'volumev3'],
};

export function serviceEnabled(
  catalog: ServiceCatalog,
  type: string,
  region: string | undefined,
): boolean {
  const types = SERVICE_ALIASES[type] ?? [type];
  return catalog.some(
    (svc) =>
      types.includes(svc.type) &&
      svc.endpoints.some((ep) => !region || ep.region === region || ep.region_id === region),
  );
}

/** Settings flags may name a nested key: "OPENSTACK_KEYSTONE_BACKEND.can_edit_user". */
export function settingEnabled(settings: Settings, name: string): boolean {
  let value: unknown = settings;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value) && value !== 'off';
}

interface Plan {
  sets: { checkKey?: string; others: Requirement[] }[];
  checks: PolicyCheck[];
  catalog: boolean;
  settings: boolean;
  extensions: ExtensionService[];
  features: string[];
}

function buildPlan(list: readonly RequirementSet[]): Plan {
  const checks = new Map<string, PolicyCheck>();
  const extensions = new Set<ExtensionService>();
  const features = new Set<string>();
  let catalog = false;
  let settings = false;
  const sets = list.map((set) => {
    const rules: PolicyRule[] = [];
    const others: Requirement[] = [];
    for (const req of set.requirements ?? []) {
      switch (req.kind) {
        case 'policy':
          rules.push([req.service, req.rule]);
          break;
        case 'service':
          catalog = true;
          others.push(req);
          break;
        case 'setting':
          settings = true;
          others.push(req);
          break;
        case 'extension':
          extensions.add(req.service);
          others.push(req);
          break;
        case 'feature':
          features.add(req.feature);
          others.push(req);
          break;
      }
    }
    if (rules.length === 0) return { others };
    const check = normalizeCheck({ rules, target: set.target });
    const key = checkKey(check);
    checks.set(key, check);
    return { checkKey: key, others };
  });
  return {
    sets,
    checks: [...checks.values()],
    catalog,
    settings,
    extensions: [...extensions],
    features: [...features],
  };
}

function hasAlias(list: ExtensionList | undefined, alias: string): boolean {
  return !!list?.items.some((ext) => ext.alias === alias || ext.name === alias);
}

/**
 * Starts loading what useRequirements(list) will need, before any component asks: the policy
 * checks (one batched request with every other check asked in the same moment), the catalog,
 * settings, extension lists and features. A route loader calls it so the answers are in, or on
 * their way, when the page renders. It never rejects: failures are reported as any query's are.
 */
export function prefetchRequirements(
  queryClient: QueryClient,
  list: readonly RequirementSet[],
): Promise<void> {
  const plan = buildPlan(list);
  return Promise.all([
    ...plan.checks.map((check) => queryClient.prefetchQuery(policyQueries.check(check))),
    ...(plan.catalog
      ? [
          queryClient.prefetchQuery(shellQueries.session()),
          queryClient.prefetchQuery(shellQueries.catalog()),
        ]
      : []),
    ...(plan.settings ? [queryClient.prefetchQuery(shellQueries.settings())] : []),
    ...plan.extensions.map((svc) => queryClient.prefetchQuery(shellQueries.extensions(svc))),
    ...plan.features.map((f) => queryClient.prefetchQuery(shellQueries.novaFeature(f))),
  ]).then(() => undefined);
}

/**
 * Whether policy rules pass for the session (no target), outside a component (a loader): asked
 * in the batch of the moment, or read from the cache. False when the check fails.
 */
export async function loadPolicyAllowed(
  queryClient: QueryClient,
  requirements: readonly Requirement[],
): Promise<boolean> {
  const rules = requirements.flatMap((req): PolicyRule[] =>
    req.kind === 'policy' ? [[req.service, req.rule]] : [],
  );
  // Catalog, settings and extensions are useRequirements' to weigh; a caller mixing them in
  // here would get an answer that ignored them.
  if (rules.length !== requirements.length) throw new Error('policy requirements only');
  try {
    return await queryClient.fetchQuery(policyQueries.check({ rules }));
  } catch {
    return false; // reported as every policy failure is (the batcher's warning)
  }
}

/**
 * Evaluates permission requirements (spec 2 §6) for a list of things at once: policy rules go
 * in one batched, deduplicated /api/policy/batch/ call (shared with every other caller in the
 * same render), services against the catalog of the current region, settings against
 * /api/settings/, extensions and features against the service's lists. Anything that fails to
 * load denies.
 */
export function useRequirements(list: readonly RequirementSet[]): RequirementsResult {
  // Callers pass fresh arrays every render; the plan only changes when the content does.
  const signature = JSON.stringify(list);
  const plan = useMemo(() => buildPlan(JSON.parse(signature) as RequirementSet[]), [signature]);

  const session = useQuery({ ...shellQueries.session(), enabled: plan.catalog });
  const catalog = useQuery({ ...shellQueries.catalog(), enabled: plan.catalog });
  const settings = useQuery({ ...shellQueries.settings(), enabled: plan.settings });
  const policies = useQueries({
    queries: plan.checks.map((check) => policyQueries.check(check)),
  });
  const extensions = useQueries({
    queries: plan.extensions.map((svc) => shellQueries.extensions(svc)),
  });
  const features = useQueries({
    queries: plan.features.map((feature) => shellQueries.novaFeature(feature)),
  });

  const pending = (q: { isPending: boolean; isError: boolean }): boolean =>
    q.isPending && !q.isError;
  const loading =
    (plan.catalog && (pending(session) || pending(catalog))) ||
    (plan.settings && pending(settings)) ||
    policies.some(pending) ||
    extensions.some(pending) ||
    features.some(pending);
  const policyAnswers = new Map<string, boolean>();
  plan.checks.forEach((check, i) => policyAnswers.set(checkKey(check), policies[i]?.data === true));
  const region = session.data?.services_region;
  const passes = (req: Requirement): boolean => {
    switch (req.kind) {
      case 'service':
        return !!catalog.data && serviceEnabled(catalog.data, req.type, region);
      case 'setting':
        return !!settings.data && settingEnabled(settings.data, req.name);
      case 'extension':
        return hasAlias(extensions[plan.extensions.indexOf(req.service)]?.data, req.alias);
      case 'feature':
        return features[plan.features.indexOf(req.feature)]?.data === true;
      case 'policy':
        return true;
    }
  };
  const allowed = plan.sets.map(
    (set) =>
      !loading &&
      (set.checkKey === undefined || policyAnswers.get(set.checkKey) === true) &&
      set.others.every(passes),
  );
  // A stable object while the answer is unchanged, so callers can use it in effect deps.
  const resultKey = JSON.stringify({ allowed, loading });
  return useMemo(() => JSON.parse(resultKey) as RequirementsResult, [resultKey]);
}

/** One decision: undefined while loading, then true or false. */
export function useAllowed(
  requirements: readonly Requirement[] | undefined,
  target?: PolicyTarget,
): boolean | undefined {
  const { allowed, loading } = useRequirements([{ requirements, target }]);
  return loading ? undefined : allowed[0];
}
