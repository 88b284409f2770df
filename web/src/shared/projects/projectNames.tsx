import { useCallback, useMemo, type ReactNode } from 'react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { loadPolicyAllowed, useAllowed } from '../../api/permissions';
import type { Column } from '../../registry/types';
import { LIST_PROJECTS, projectQueries } from '../../data/keystone/projects';

/**
 * The owner's project name (spec 2 §2), its id while names load or when they cannot be read.
 * Every project's name when the user may list them; otherwise the user's own projects (already
 * loaded with the session), so a member's page never asks Keystone for what it would refuse.
 */
export function useProjectNames(): (id: string | null) => string | null {
  const mayList = useAllowed([LIST_PROJECTS]) === true;
  const all = useQuery({ ...projectQueries.list(), enabled: mayList });
  const mine = useQuery(projectQueries.mine());
  const projects = mayList ? all.data : mine.data?.items;
  const names = useMemo(() => new Map(projects?.map((p) => [p.id, p.name])), [projects]);
  return useCallback((id) => (id ? (names.get(id) ?? id) : null), [names]);
}

/**
 * What useProjectNames reads, for a route loader (Column.prefetchCells): every project when the
 * user may list them (their own come with the session).
 */
export async function prefetchProjectNames(queryClient: QueryClient): Promise<void> {
  if (await loadPolicyAllowed(queryClient, [LIST_PROJECTS])) {
    await queryClient.prefetchQuery(projectQueries.list());
  }
}

export function ProjectName({ id }: { id: string | null }): ReactNode {
  return useProjectNames()(id);
}

/**
 * The cells of a column of project ids (Column.useCell), shown by name: the names are looked up
 * once per table, not per row, and asked with the list (Column.prefetchCells).
 */
export function projectCells<T>(
  idOf: (item: T) => string | null | undefined,
): Required<Pick<Column<T>, 'useCell' | 'prefetchCells'>> {
  return {
    useCell: function useProjectCells() {
      const nameOf = useProjectNames();
      return useCallback((item: T) => nameOf(idOf(item) ?? null), [nameOf]);
    },
    prefetchCells: prefetchProjectNames,
  };
}
