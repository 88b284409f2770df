import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Button, Card, CardBody, CardTitle, Spinner } from '@patternfly/react-core';
import {
  forceCenter,
  forceLink,
  forceManyBody,
  forceSimulation,
  type Simulation,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import ServerIcon from '@patternfly/react-icons/dist/esm/icons/server-icon';
import NetworkIcon from '@patternfly/react-icons/dist/esm/icons/network-icon';
import SitemapIcon from '@patternfly/react-icons/dist/esm/icons/sitemap-icon';
import PlugIcon from '@patternfly/react-icons/dist/esm/icons/plug-icon';
import RouteIcon from '@patternfly/react-icons/dist/esm/icons/route-icon';
import ShieldAltIcon from '@patternfly/react-icons/dist/esm/icons/shield-alt-icon';
import GlobeIcon from '@patternfly/react-icons/dist/esm/icons/globe-icon';
import HddIcon from '@patternfly/react-icons/dist/esm/icons/hdd-icon';
import LayerGroupIcon from '@patternfly/react-icons/dist/esm/icons/layer-group-icon';
import CogIcon from '@patternfly/react-icons/dist/esm/icons/cog-icon';
import CubeIcon from '@patternfly/react-icons/dist/esm/icons/cube-icon';
import type { Stack, StackTopology, StackTopologyNode } from '@skydeck/contract';
import { stackQueries, topologyPollInterval } from '../../data/heat/stacks';
import { resourceHref } from './StackTabs';
import { stackStatusText } from './stackStatus';

const ICONS: Readonly<Record<string, typeof CubeIcon>> = {
  server: ServerIcon,
  network: NetworkIcon,
  subnet: SitemapIcon,
  port: PlugIcon,
  router: RouteIcon,
  'security-group': ShieldAltIcon,
  'floating-ip': GlobeIcon,
  volume: HddIcon,
  stack: LayerGroupIcon,
  config: CogIcon,
  resource: CubeIcon,
};

const WIDTH = 800;
const HEIGHT = 480;
const RADIUS = 22;

interface SimNode extends SimulationNodeDatum {
  id: string;
}
type SimLink = SimulationLinkDatum<SimNode>;

/** complete → green, failed → red, in progress → blue (and the ring turns), else grey. */
export function nodeColor(status: string): string {
  if (status.endsWith('_FAILED')) return 'var(--pf-t--global--color--status--danger--default)';
  if (status.endsWith('_IN_PROGRESS')) return 'var(--pf-t--global--color--status--info--default)';
  if (status.endsWith('_COMPLETE')) return 'var(--pf-t--global--color--status--success--default)';
  return 'var(--pf-t--global--color--nonstatus--gray--default)';
}

/** The links of the graph: each resource to those it is required by (the spec's required_by). */
export function topologyLinks(
  nodes: readonly StackTopologyNode[],
): { source: string; target: string }[] {
  const names = new Set(nodes.map((n) => n.name));
  return nodes.flatMap((n) =>
    n.required_by.filter((r) => names.has(r)).map((r) => ({ source: n.name, target: r })),
  );
}

/**
 * The stack's resources as a force-laid graph. Positions live in the simulation, keyed by
 * resource name, so a poll that only changes statuses leaves the layout as it is (the graph
 * updates in place); a new or removed resource re-heats the layout a little.
 */
function Graph({ data }: { data: StackTopology }): ReactNode {
  const { t } = useTranslation();
  const sim = useRef<Simulation<SimNode, SimLink>>(null);
  const byId = useRef(new Map<string, SimNode>());
  const [positions, setPositions] = useState<ReadonlyMap<string, { x: number; y: number }>>(
    new Map(),
  );
  const [open, setOpen] = useState<string>();

  const shape = useMemo(
    () => data.nodes.map((n) => `${n.name}>${n.required_by.join(',')}`).join('|'),
    [data.nodes],
  );

  useEffect(() => {
    const known = byId.current;
    const names = shape === '' ? [] : shape.split('|').map((s) => s.split('>')[0] ?? '');
    const next = new Map<string, SimNode>();
    names.forEach((name, i) => {
      next.set(
        name,
        known.get(name) ?? {
          id: name,
          x: WIDTH / 2 + Math.cos(i) * 80,
          y: HEIGHT / 2 + Math.sin(i) * 80,
        },
      );
    });
    byId.current = next;
    const links = shape === '' ? [] : topologyLinks(data.nodes);
    sim.current?.stop();
    const s = forceSimulation<SimNode, SimLink>([...next.values()])
      .force('charge', forceManyBody().strength(-400))
      .force(
        'link',
        forceLink<SimNode, SimLink>(links.map((l) => ({ ...l })))
          .id((d) => d.id)
          .distance(90),
      )
      .force('center', forceCenter(WIDTH / 2, HEIGHT / 2))
      .alpha(known.size === 0 ? 1 : 0.3)
      .on('tick', () => {
        for (const n of next.values()) {
          n.x = Math.max(RADIUS, Math.min(WIDTH - RADIUS, n.x ?? 0));
          n.y = Math.max(RADIUS, Math.min(HEIGHT - RADIUS, n.y ?? 0));
        }
        setPositions(new Map([...next].map(([k, n]) => [k, { x: n.x ?? 0, y: n.y ?? 0 }])));
      });
    sim.current = s;
    return () => {
      s.stop();
    };
    // The layout follows the graph's shape only; statuses re-render without re-laying.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  const pos = (name: string): { x: number; y: number } => {
    return positions.get(name) ?? { x: WIDTH / 2, y: HEIGHT / 2 };
  };
  const selected = data.nodes.find((n) => n.name === open);
  const links = topologyLinks(data.nodes);

  return (
    <div style={{ position: 'relative', maxWidth: WIDTH }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        // A group, not an image: its nodes are buttons that open their balloons.
        role="group"
        aria-label={t('Topology of stack {{name}}', { name: data.stack.name })}
        data-testid="stack-topology"
      >
        {links.map((l) => {
          const a = pos(l.source);
          const b = pos(l.target);
          return (
            <line
              key={`${l.source}>${l.target}`}
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke="var(--pf-t--global--border--color--default)"
              strokeWidth={2}
            />
          );
        })}
        {data.nodes.map((n) => {
          const p = pos(n.name);
          const Icon = ICONS[n.image] ?? CubeIcon;
          return (
            <g
              key={n.name}
              transform={`translate(${p.x},${p.y})`}
              data-testid={`stack-node-${n.name}`}
              data-status={n.status}
              tabIndex={0}
              role="button"
              aria-label={`${n.name}: ${stackStatusText(n.status)}`}
              style={{ cursor: 'pointer' }}
              onClick={() => setOpen(n.name === open ? undefined : n.name)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setOpen(n.name === open ? undefined : n.name);
                }
              }}
            >
              <circle
                r={RADIUS}
                fill="var(--pf-t--global--background--color--primary--default)"
                stroke={nodeColor(n.status)}
                strokeWidth={4}
                strokeDasharray={n.in_progress ? '6 4' : undefined}
              >
                {n.in_progress ? (
                  <animateTransform
                    attributeName="transform"
                    type="rotate"
                    from="0"
                    to="360"
                    dur="3s"
                    repeatCount="indefinite"
                  />
                ) : null}
              </circle>
              <g transform="translate(-10,-10)">
                <Icon width={20} height={20} />
              </g>
              <text y={RADIUS + 14} textAnchor="middle" fontSize={12} fill="currentColor">
                {n.name}
              </text>
            </g>
          );
        })}
      </svg>
      {selected ? (
        <Balloon node={selected} at={pos(selected.name)} onClose={() => setOpen(undefined)} />
      ) : null}
    </div>
  );
}

function Balloon({
  node,
  at,
  onClose,
}: {
  node: StackTopologyNode;
  at: { x: number; y: number };
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const href = resourceHref({
    resource_type: node.resource_type,
    physical_resource_id: node.instance,
  });
  return (
    <Card
      isCompact
      data-testid="stack-node-balloon"
      style={{
        position: 'absolute',
        left: `${(Math.min(at.x + RADIUS, WIDTH - 260) / WIDTH) * 100}%`,
        top: at.y + RADIUS,
        width: 260,
        zIndex: 1,
      }}
    >
      <CardTitle>{node.name}</CardTitle>
      <CardBody>
        <dl>
          <dt>{t('Type')}</dt>
          <dd>{node.resource_type}</dd>
          <dt>{t('Status')}</dt>
          <dd>{stackStatusText(node.status)}</dd>
          {node.status_reason ? (
            <>
              <dt>{t('Status Reason')}</dt>
              <dd>{node.status_reason}</dd>
            </>
          ) : null}
          {node.instance ? (
            <>
              <dt>{t('Resource')}</dt>
              <dd>{href ? <Link to={href}>{node.instance}</Link> : node.instance}</dd>
            </>
          ) : null}
        </dl>
        <Button variant="link" isInline onClick={onClose}>
          {t('Close')}
        </Button>
      </CardBody>
    </Card>
  );
}

/** The Topology tab: spec 1 §7's data, polled per §9, drawn as a graph. */
export function StackTopologyTab({ stack }: { stack: Stack }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery({
    ...stackQueries.topology(stack.id),
    refetchInterval: (q) => topologyPollInterval(q.state.data),
  });
  if (!query.data) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <div>
      <p data-testid="stack-topology-status">
        {t('Stack status: {{status}}', { status: stackStatusText(query.data.stack.status) })}
      </p>
      <Graph data={query.data} />
    </div>
  );
}
