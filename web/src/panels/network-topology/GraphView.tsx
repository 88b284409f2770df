import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type Simulation,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import { useTranslation } from '../../i18n/useTranslation';
import type { DrawnLink, DrawnNode } from './model';
import { CENTRE_MS, clampZoom, cutName, isActive, isLoading } from './rules';

interface SimNode extends SimulationNodeDatum {
  key: string;
  radius: number;
}
type SimLink = SimulationLinkDatum<SimNode> & { key: string };

/** Above this many nodes the layout trades polish for speed. */
const LARGE = 600;

interface View {
  x: number;
  y: number;
  k: number;
}

export interface GraphViewProps {
  nodes: readonly DrawnNode[];
  links: readonly DrawnLink[];
  labels: boolean;
  selected: string | undefined;
  onSelect: (node: DrawnNode, at: { x: number; y: number }) => void;
  /** Bumped by the page: animate back to the centre at zoom 1. */
  centre: number;
  /** Bumped after a delete: every node is laid out again. */
  relayout: number;
  /** Zoom steps from the page's buttons (+1 in, -1 out), bumped with a counter. */
  zoomStep: { n: number; dir: 1 | -1 };
  height: number;
  /**
   * The graph's width as the page measured it before the graph was there. Reading it from the
   * drawn graph would lay out every node once more before the first paint.
   */
  initialWidth?: number;
}

const stateClass = (node: DrawnNode): string => {
  if (node.kind === 'network') return isActive(node.entity.status) ? 'active' : 'down';
  const device = node.entity as { status: string; task: string | null };
  if (isLoading(device)) return 'loading';
  return isActive(device.status) ? 'active' : 'down';
};

const FILL: Record<DrawnNode['kind'], string> = {
  network: '#3c7dc5',
  router: '#5e40be',
  instance: '#4d8b31',
};

/**
 * The graph view (spec 1 §2): a d3-force layout of networks, routers and instances drawn in
 * SVG. React renders the elements when the model changes; the simulation's ticks move them by
 * setting attributes directly, so a tick costs no render. A reload that adds nodes pins the
 * others while the new ones find their places (untouched nodes do not move); a delete lays
 * everything out again.
 */
export function GraphView(props: GraphViewProps): ReactNode {
  const { nodes, links, labels, selected, onSelect, centre, relayout, zoomStep, height } = props;
  const { initialWidth } = props;
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const nodeEls = useRef(new Map<string, SVGGElement>());
  const linkEls = useRef(new Map<string, SVGLineElement>());
  const simNodes = useRef(new Map<string, SimNode>());
  const simLinks = useRef<SimLink[]>([]);
  /** Each node's links, so a dragged node redraws only its own lines. */
  const linksOf = useRef(new Map<string, SimLink[]>());
  const sim = useRef<Simulation<SimNode, SimLink> | undefined>(undefined);
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const onSelectRef = useRef(onSelect);
  useLayoutEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);
  const dragging = useRef<
    | {
        node?: SimNode;
        drawn?: DrawnNode;
        startX: number;
        startY: number;
        moved: boolean;
        view: View;
        /** Set on the first move of a node: whether the layout was still running. */
        resume?: boolean;
      }
    | undefined
  >(undefined);

  const draw = (): void => {
    for (const [key, n] of simNodes.current) {
      nodeEls.current.get(key)?.setAttribute('transform', `translate(${n.x ?? 0},${n.y ?? 0})`);
    }
    for (const l of simLinks.current) drawLink(l);
  };

  const drawLink = (l: SimLink): void => {
    const el = linkEls.current.get(l.key);
    if (!el) return;
    const s = l.source as SimNode;
    const d = l.target as SimNode;
    el.setAttribute('x1', String(s.x ?? 0));
    el.setAttribute('y1', String(s.y ?? 0));
    el.setAttribute('x2', String(d.x ?? 0));
    el.setAttribute('y2', String(d.y ?? 0));
  };

  /** One node and its lines (a drag): nothing else changes. */
  const drawOne = (n: SimNode): void => {
    nodeEls.current.get(n.key)?.setAttribute('transform', `translate(${n.x ?? 0},${n.y ?? 0})`);
    for (const l of linksOf.current.get(n.key) ?? []) drawLink(l);
  };

  const applyView = (): void => {
    const v = view.current;
    layerRef.current?.setAttribute('transform', `translate(${v.x},${v.y}) scale(${v.k})`);
  };

  const centred = (width?: number): View => {
    if (width !== undefined) return { x: width / 2, y: height / 2, k: 1 };
    const rect = svgRef.current?.getBoundingClientRect();
    return { x: (rect?.width ?? 800) / 2, y: (rect?.height ?? height) / 2, k: 1 };
  };

  // The simulation, once; a layout effect declared first, so it exists when the model's runs.
  useLayoutEffect(() => {
    view.current = centred(initialWidth);
    applyView();
    const s = forceSimulation<SimNode, SimLink>([])
      .force(
        'link',
        forceLink<SimNode, SimLink>([])
          .id((n) => n.key)
          .distance((l) => 40 + (l.source as SimNode).radius + (l.target as SimNode).radius)
          .strength(0.7),
      )
      .force('charge', forceManyBody<SimNode>().strength(-150).distanceMax(500).theta(0.9))
      .force('x', forceX<SimNode>(0).strength(0.03))
      .force('y', forceY<SimNode>(0).strength(0.03))
      .on('tick', draw)
      .on('end', () => {
        // New nodes have found their places: the pinned ones are free again (for drags).
        for (const n of simNodes.current.values()) {
          if (n !== dragging.current?.node) {
            n.fx = null;
            n.fy = null;
          }
        }
      });
    s.stop();
    sim.current = s;
    return () => {
      s.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lastRelayout = useRef(relayout);
  /** The first layout's start, held until the first frame has painted the nodes. */
  const firstStart = useRef(0);
  useEffect(() => () => cancelAnimationFrame(firstStart.current), []);
  // The model: keep each known node's place, seed new ones beside a neighbour.
  useLayoutEffect(() => {
    const s = sim.current;
    if (!s) return;
    const before = simNodes.current;
    const next = new Map<string, SimNode>();
    const neighbour = new Map<string, string>();
    for (const l of links) {
      neighbour.set(l.source, l.target);
      if (!neighbour.has(l.target)) neighbour.set(l.target, l.source);
    }
    let added = 0;
    for (const node of nodes) {
      const known = before.get(node.key);
      if (known) {
        known.radius = node.radius;
        next.set(node.key, known);
        continue;
      }
      added += 1;
      const near = before.get(neighbour.get(node.key) ?? '');
      next.set(
        node.key,
        near
          ? {
              key: node.key,
              radius: node.radius,
              // Around its neighbour, each newcomer at another angle (the golden one).
              x: (near.x ?? 0) + 50 * Math.cos(added * 2.39996),
              y: (near.y ?? 0) + 50 * Math.sin(added * 2.39996),
            }
          : { key: node.key, radius: node.radius },
      );
    }
    simNodes.current = next;
    simLinks.current = links
      .filter((l) => next.has(l.source) && next.has(l.target))
      .map((l) => ({ key: l.key, source: l.source, target: l.target }));
    s.nodes([...next.values()]);
    s.force<ReturnType<typeof forceLink<SimNode, SimLink>>>('link')?.links(simLinks.current);
    const byNode = new Map<string, SimLink[]>();
    for (const l of simLinks.current) {
      for (const end of [l.source, l.target]) {
        const key = (end as SimNode).key;
        byNode.set(key, [...(byNode.get(key) ?? []), l]);
      }
    }
    linksOf.current = byNode;
    // A large graph settles in fewer ticks and without the collision force (its cost grows
    // fastest), so the first layout ends within seconds.
    const large = next.size > LARGE;
    s.force('collide', large ? null : forceCollide<SimNode>((n) => n.radius + 6));
    s.alphaDecay(large ? 0.06 : 0.0228);
    const firstRun = before.size === 0;
    const relaid = relayout !== lastRelayout.current;
    lastRelayout.current = relayout;
    if (firstRun) {
      // The nodes show at once where d3 seeds them (a deterministic spiral around the centre),
      // and the layout refines that from the next frame on: its first ticks (every node's
      // forces, every element moved and laid out again) would otherwise come before the first
      // paint of a large graph.
      s.alpha(1);
      cancelAnimationFrame(firstStart.current);
      firstStart.current = requestAnimationFrame(() => {
        firstStart.current = requestAnimationFrame(() => s.restart());
      });
    } else if (relaid) {
      for (const n of next.values()) {
        n.fx = null;
        n.fy = null;
      }
      s.alpha(1).restart();
    } else if (added > 0) {
      // Only the new nodes move: the others are held where the user sees them.
      for (const [key, n] of next) {
        if (before.has(key)) {
          n.fx = n.x;
          n.fy = n.y;
        }
      }
      s.alpha(0.6).restart();
    }
    // New elements (and those of a removal) take their places at once, before paint.
    draw();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nodes, links, relayout]);

  // Centre: back to the middle at zoom 1, over 1.5 s.
  useEffect(() => {
    if (centre === 0) return;
    const from = { ...view.current };
    const to = centred();
    const start = performance.now();
    let frame = 0;
    const step = (now: number): void => {
      const p = Math.min(1, (now - start) / CENTRE_MS);
      const e = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
      view.current = {
        x: from.x + (to.x - from.x) * e,
        y: from.y + (to.y - from.y) * e,
        k: from.k + (to.k - from.k) * e,
      };
      applyView();
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [centre]);

  const zoomAt = (factor: number, px: number, py: number): void => {
    const v = view.current;
    const k = clampZoom(v.k * factor);
    // Keep the point under the pointer where it is.
    view.current = { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
    applyView();
  };

  useEffect(() => {
    if (zoomStep.n === 0) return;
    const rect = svgRef.current?.getBoundingClientRect();
    zoomAt(zoomStep.dir > 0 ? 1.25 : 0.8, (rect?.width ?? 0) / 2, (rect?.height ?? 0) / 2);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zoomStep]);

  // The wheel zooms (a non-passive listener, so the page does not scroll as well).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      const rect = svg.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toGraph = (clientX: number, clientY: number): { x: number; y: number } => {
    const rect = svgRef.current?.getBoundingClientRect();
    const v = view.current;
    return {
      x: (clientX - (rect?.left ?? 0) - v.x) / v.k,
      y: (clientY - (rect?.top ?? 0) - v.y) / v.k,
    };
  };

  const onPointerDown = (e: React.PointerEvent<SVGSVGElement>): void => {
    if (e.button !== 0) return;
    const el = (e.target as Element).closest<SVGGElement>('[data-node]');
    const key = el?.dataset['node'];
    const node = key === undefined ? undefined : simNodes.current.get(key);
    dragging.current = {
      node,
      drawn: nodes.find((n) => n.key === key),
      startX: e.clientX,
      startY: e.clientY,
      moved: false,
      view: { ...view.current },
    };
    svgRef.current?.setPointerCapture(e.pointerId);
  };

  const onPointerMove = (e: React.PointerEvent<SVGSVGElement>): void => {
    const d = dragging.current;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < 4) return;
    d.moved = true;
    if (d.node) {
      // The dragged node follows the pointer alone: the layout pauses (and resumes on
      // release if it had not settled), so a frame costs one node and its lines, whatever
      // the size of the graph.
      if (d.resume === undefined) {
        const running = sim.current ? sim.current.alpha() > sim.current.alphaMin() : false;
        d.resume = running;
        // A first layout not yet started starts on release instead.
        cancelAnimationFrame(firstStart.current);
        sim.current?.stop();
      }
      const p = toGraph(e.clientX, e.clientY);
      d.node.fx = p.x;
      d.node.fy = p.y;
      d.node.x = p.x;
      d.node.y = p.y;
      d.node.vx = 0;
      d.node.vy = 0;
      drawOne(d.node);
    } else {
      view.current = {
        ...d.view,
        x: d.view.x + e.clientX - d.startX,
        y: d.view.y + e.clientY - d.startY,
      };
      applyView();
    }
  };

  const onPointerUp = (e: React.PointerEvent<SVGSVGElement>): void => {
    const d = dragging.current;
    dragging.current = undefined;
    if (!d) return;
    if (d.node && d.moved) {
      // Dropped where the user put it; the rest goes on settling if it was.
      if (d.resume === true) sim.current?.restart();
    } else if (d.drawn && !d.moved) {
      onSelectRef.current(d.drawn, { x: e.clientX, y: e.clientY });
    }
  };

  const kindName = (node: DrawnNode): string =>
    node.kind === 'network' ? t('Network') : node.kind === 'router' ? t('Router') : t('Instance');

  return (
    <svg
      ref={svgRef}
      className="skydeck-topology-graph"
      role="group"
      aria-label={t('Network topology graph')}
      width="100%"
      height={height}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (dragging.current = undefined)}
      style={{
        touchAction: 'none',
        cursor: 'grab',
        background: 'var(--pf-t--global--background--color--secondary--default, #f2f2f2)',
      }}
    >
      <g ref={layerRef}>
        <g stroke="#8a8d90" strokeWidth={2}>
          {links.map((l) => (
            <line
              key={l.key}
              data-link={l.key}
              ref={(el) => {
                if (el) linkEls.current.set(l.key, el);
                else linkEls.current.delete(l.key);
              }}
            />
          ))}
        </g>
        {/* The labels' text properties once, inherited: 2,000 labels then carry no
            presentation attributes of their own to parse and style one by one; no kerning or
            ligatures to shape for names of a few characters. */}
        <g fill="#151515" fontSize={12} textAnchor="middle" textRendering="optimizeSpeed">
          {nodes.map((node) => {
            const state = stateClass(node);
            return (
              <g
                key={node.key}
                data-node={node.key}
                data-state={state}
                className={`skydeck-topology-node ${state}`}
                role="button"
                tabIndex={0}
                aria-pressed={selected === node.key}
                aria-label={`${kindName(node)} ${node.name || node.id}`}
                ref={(el) => {
                  if (el) nodeEls.current.set(node.key, el);
                  else nodeEls.current.delete(node.key);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  const r = e.currentTarget.getBoundingClientRect();
                  onSelect(node, { x: r.left + r.width / 2, y: r.top + r.height / 2 });
                }}
                cursor="pointer"
              >
                <title>{node.name || node.id}</title>
                <circle
                  r={node.radius}
                  fill={FILL[node.kind]}
                  fillOpacity={state === 'loading' ? 0.4 : 1}
                  stroke={selected === node.key ? '#f0ab00' : state === 'down' ? '#c9190b' : '#fff'}
                  strokeWidth={selected === node.key ? 4 : 3}
                  strokeDasharray={state === 'loading' ? '6 4' : undefined}
                />
                {node.hidden !== undefined && node.hidden > 0 && (
                  <text textAnchor="middle" dy="0.35em" fill="#fff" fontSize={13} fontWeight="bold">
                    +{node.hidden}
                  </text>
                )}
                {labels && <text y={node.radius + 14}>{cutName(node.name)}</text>}
              </g>
            );
          })}
        </g>
      </g>
    </svg>
  );
}
