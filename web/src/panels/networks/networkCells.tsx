import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Network } from '@skydeck/contract';
import { useAllowed } from '../../api/permissions';
import { LIST_PROJECTS, projectQueries } from '../../data/keystone/projects';

/** "name 10.0.0.0/24", one subnet a line (spec: subnets associated, with their CIDRs). */
export const subnetsText = (network: Network): string =>
  network.subnets.map((s) => (s.name ? `${s.name} ${s.cidr}` : s.cidr)).join(', ');

export function SubnetsCell({ network }: { network: Network }): ReactNode {
  return (
    <>
      {network.subnets.map((s) => (
        <div key={s.id}>
          {s.name && <strong>{s.name} </strong>}
          {s.cidr}
        </div>
      ))}
    </>
  );
}

/**
 * The owning project's name on the admin panel; its id while names load or when the user may
 * not list projects (then only their own projects are known).
 */
export function NetworkProject({ id }: { id: string }): ReactNode {
  const mayList = useAllowed([LIST_PROJECTS]) === true;
  const all = useQuery({ ...projectQueries.list(), enabled: mayList });
  const mine = useQuery(projectQueries.mine());
  const projects = mayList ? all.data : mine.data?.items;
  return projects?.find((p) => p.id === id)?.name ?? id;
}
