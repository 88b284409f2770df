import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { TopologyState } from '../../data/neutron/topology';
import { drawFlat, nodeKey, type DrawnNode } from './model';
import { cutName, FLAT, isActive, isLoading, type FlatMode } from './rules';

export interface FlatViewProps {
  state: TopologyState;
  mode: FlatMode;
  selected: string | undefined;
  onSelect: (node: DrawnNode, at: { x: number; y: number }) => void;
}

const ROW = { normal: 50, small: 34 } as const;
const BOX = { normal: { w: 190, h: 34 }, small: { w: 80, h: 24 } } as const;
const TOP = 70;

/**
 * The flat view (spec 1 §2): a column per network, each device in its main network's column,
 * a line from the device to each of its other networks. Normal: 270 wide columns, at least
 * 500 high; small: 100 and 400 (spec 1 §9).
 */
export function FlatView({ state, mode, selected, onSelect }: FlatViewProps): ReactNode {
  const { t } = useTranslation();
  const { networks, devices } = drawFlat(state);
  const size = FLAT[mode];
  const box = BOX[mode];
  const width = Math.max(networks.length, 1) * size.column;
  const height = Math.max(size.minHeight, TOP + devices.length * ROW[mode] + 20);
  const barX = (column: number): number => column * size.column + size.column / 2;
  const select =
    (node: DrawnNode) =>
    (e: { currentTarget: Element }): void => {
      const r = e.currentTarget.getBoundingClientRect();
      onSelect(node, { x: r.left + r.width / 2, y: r.top + r.height / 2 });
    };
  const keyed =
    (node: DrawnNode) =>
    (e: React.KeyboardEvent<SVGGElement>): void => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      select(node)(e);
    };
  return (
    <div style={{ overflow: 'auto' }}>
      <svg
        className="skydeck-topology-flat"
        role="group"
        aria-label={t('Network topology, flat view')}
        data-mode={mode}
        width={width}
        height={height}
      >
        {networks.map((n, i) => {
          const node: DrawnNode = {
            key: nodeKey('network', n.id),
            kind: 'network',
            id: n.id,
            name: n.name,
            radius: 0,
            entity: n,
          };
          return (
            <g
              key={n.id}
              data-node={node.key}
              role="button"
              tabIndex={0}
              aria-pressed={selected === node.key}
              aria-label={`${t('Network')} ${n.name || n.id}`}
              onClick={select(node)}
              onKeyDown={keyed(node)}
              style={{ cursor: 'pointer' }}
            >
              <title>{n.name || n.id}</title>
              <rect
                x={barX(i) - 9}
                y={10}
                width={18}
                height={height - 20}
                rx={9}
                fill={n.external ? '#2b9af3' : '#3c7dc5'}
                stroke={selected === node.key ? '#f0ab00' : isActive(n.status) ? 'none' : '#c9190b'}
                strokeWidth={3}
              />
              <text
                x={barX(i) + 14}
                y={30}
                fontSize={mode === 'small' ? 11 : 13}
                fill="#151515"
                fontWeight="bold"
              >
                {cutName(n.name)}
              </text>
              {mode === 'normal' &&
                n.subnets.map((s, j) => (
                  <text key={s.id} x={barX(i) + 14} y={46 + j * 13} fontSize={11} fill="#4f5255">
                    {s.cidr}
                  </text>
                ))}
            </g>
          );
        })}
        {devices.map((d) => {
          const y = TOP + d.row * ROW[mode];
          const x = barX(d.column) - box.w / 2;
          const device = d.node.entity as { status: string; task: string | null };
          const loading = isLoading(device);
          return (
            <g key={d.node.key}>
              {d.links.map(({ column, link }) => (
                <g key={link.key} data-link={link.key}>
                  <line
                    x1={x + box.w}
                    y1={y + box.h / 2}
                    x2={barX(column)}
                    y2={y + box.h / 2}
                    stroke="#8a8d90"
                    strokeWidth={2}
                  />
                  <circle cx={barX(column)} cy={y + box.h / 2} r={4} fill="#151515" />
                </g>
              ))}
              <g
                data-node={d.node.key}
                data-state={loading ? 'loading' : isActive(device.status) ? 'active' : 'down'}
                role="button"
                tabIndex={0}
                aria-pressed={selected === d.node.key}
                aria-label={`${d.node.kind === 'router' ? t('Router') : t('Instance')} ${d.node.name || d.node.id}`}
                onClick={select(d.node)}
                onKeyDown={keyed(d.node)}
                style={{ cursor: 'pointer' }}
              >
                <title>{d.node.name || d.node.id}</title>
                <rect
                  x={x}
                  y={y}
                  width={box.w}
                  height={box.h}
                  rx={4}
                  fill={d.node.kind === 'router' ? '#5e40be' : '#4d8b31'}
                  fillOpacity={loading ? 0.45 : 1}
                  stroke={
                    selected === d.node.key
                      ? '#f0ab00'
                      : !loading && !isActive(device.status)
                        ? '#c9190b'
                        : 'none'
                  }
                  strokeWidth={3}
                  strokeDasharray={loading ? '5 3' : undefined}
                />
                <text
                  x={x + box.w / 2}
                  y={y + box.h / 2}
                  dy="0.35em"
                  textAnchor="middle"
                  fontSize={mode === 'small' ? 10 : 13}
                  fill="#fff"
                >
                  {cutName(d.node.name)}
                </text>
              </g>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
