import { useMemo } from 'react';
import { type RequirementSet, useRequirements } from '../api/permissions';
import { policy, type ManifestEntry, type PanelGroup } from '../registry/types';

export type PanelRef = { entry: ManifestEntry; panel: ManifestEntry['panels'][number] };

export const GROUP_ORDER: readonly PanelGroup[] = ['project', 'admin', 'identity'];

/**
 * "Is this user an administrator?" asked of the policy engine, never of role names (STYLE
 * rule 6): any service's admin rule passing opens the Admin group, as the cloud's policy says.
 */
export const ADMIN_GATE: readonly RequirementSet[] = [
  { requirements: [policy('identity', 'admin_required')] },
  { requirements: [policy('compute', 'context_is_admin')] },
  { requirements: [policy('image', 'context_is_admin')] },
  { requirements: [policy('volume', 'context_is_admin')] },
  { requirements: [policy('network', 'context_is_admin')] },
];

export function allPanels(manifest: readonly ManifestEntry[]): PanelRef[] {
  const refs = manifest.flatMap((entry) => entry.panels.map((panel) => ({ entry, panel })));
  // Stable sort: manifest order within each group.
  return refs.sort(
    (a, b) => GROUP_ORDER.indexOf(a.panel.group) - GROUP_ORDER.indexOf(b.panel.group),
  );
}

export interface PanelAccess {
  loading: boolean;
  /** Panels the user may open, in sidebar order. */
  panels: PanelRef[];
}

/**
 * What deciding panel access asks: the admin gate, then each panel's requirements (in `refs`
 * order). The shell's route loader prefetches the same sets, so the answers share the cache.
 */
export function panelAccessSets(refs: readonly PanelRef[]): RequirementSet[] {
  return [
    ...ADMIN_GATE,
    ...refs.map(({ entry, panel }) => ({
      requirements: [...entry.requires, ...(panel.requires ?? [])],
    })),
  ];
}

/**
 * Which panels the user may use: the entry's and the panel's `requires`, plus the admin gate
 * for the Admin group, all decided in the same batched policy request.
 */
export function usePanelAccess(manifest: readonly ManifestEntry[]): PanelAccess {
  const refs = useMemo(() => allPanels(manifest), [manifest]);
  const sets = useMemo(() => panelAccessSets(refs), [refs]);
  const { allowed, loading } = useRequirements(sets);
  return useMemo(() => {
    const isAdmin = allowed.slice(0, ADMIN_GATE.length).some(Boolean);
    const panels = refs.filter(
      (ref, i) => allowed[ADMIN_GATE.length + i] && (ref.panel.group !== 'admin' || isAdmin),
    );
    return { loading, panels };
  }, [allowed, loading, refs]);
}
