import type { ReactNode } from 'react';
import type { Network } from '@skydeck/contract';

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
