import type { ReactNode } from 'react';
import { slicePath } from './pieChart';

/** What a pie leaves unfilled: the free part of a limit. */
const FREE = 'var(--pf-t--global--background--color--secondary--default)';

/** One wedge from twelve o'clock, clockwise: its share of the pie (capped at a whole) and fill. */
export interface PieWedge {
  fraction: number;
  fill: string;
}

/**
 * The drawing of a quota pie (spec 1 §9): an image named by `label`, the free disc, and the
 * wedges in order, each drawn over the ones before it (a later, smaller one shows within).
 */
export function PieImage({
  label,
  size,
  wedges,
}: {
  label: string;
  size: number;
  wedges: readonly PieWedge[];
}): ReactNode {
  const r = size / 2;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
      <circle cx={r} cy={r} r={r} style={{ fill: FREE }} />
      {wedges.map(({ fraction, fill }, i) =>
        fraction >= 1 ? (
          <circle key={i} cx={r} cy={r} r={r} style={{ fill }} />
        ) : fraction > 0 ? (
          <path key={i} d={slicePath(fraction, r)} style={{ fill }} />
        ) : null,
      )}
    </svg>
  );
}
