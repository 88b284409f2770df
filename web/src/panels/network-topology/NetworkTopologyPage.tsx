import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Spinner,
  Switch,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { TopologyPort } from '@skydeck/contract';
import { reportError } from '../../api/errors';
import { msg } from '../../i18n/msg';
import { topologyDeletes, useTopology } from '../../data/neutron/topology';
import type { TopologyState } from '../../data/neutron/topology';
import type { PageProps } from '../../registry/types';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { toast } from '../../ui/Toasts/toast';
import { Balloon } from './Balloon';
import {
  readCollapse,
  readFlatMode,
  readLabels,
  readView,
  writeCollapse,
  writeFlatMode,
  writeLabels,
  writeView,
  type TopologyView,
} from './cookies';
import { FlatView } from './FlatView';
import { GraphView } from './GraphView';
import { drawGraph, type DrawnNode } from './model';
import { defaultFlatMode, isLoading, RELOAD_MS, type FlatMode } from './rules';

const GRAPH_HEIGHT = 640;

const DELETE_FAILED = msg('Unable to delete {{name}}.');

/** The state without what the page deleted and is waiting to see gone. */
const withoutGone = (state: TopologyState, gone: ReadonlySet<string>): TopologyState => {
  if (gone.size === 0) return state;
  const keep = <T extends { id: string }>(kind: DrawnNode['kind'], map: ReadonlyMap<string, T>) => {
    const out = new Map<string, T>();
    for (const [id, v] of map) if (!gone.has(`${kind}:${id}`)) out.set(id, v);
    return out;
  };
  const ports = new Map<string, TopologyPort>();
  for (const [id, p] of state.ports) if (!gone.has(`port:${id}`)) ports.set(id, p);
  return {
    ...state,
    networks: keep('network', state.networks),
    routers: keep('router', state.routers),
    servers: keep('instance', state.servers),
    ports,
  };
};

/**
 * Project › Network › Network Topology (spec 1 §2, §4): the project's networks, routers and
 * instances as a force-directed graph or as columns per network, reloaded every 10 s in place.
 */
export function NetworkTopologyPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  const { state: held, error, reload } = useTopology(RELOAD_MS);
  const containerRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<TopologyView>(readView);
  const [flatChoice, setFlatChoice] = useState<FlatMode | undefined>(readFlatMode);
  const [labels, setLabels] = useState(readLabels);
  const [collapsed, setCollapsed] = useState(readCollapse);
  const [balloon, setBalloon] = useState<{ key: string; left: number; top: number }>();
  const [centre, setCentre] = useState(0);
  const [relayout, setRelayout] = useState(0);
  const [zoomStep, setZoomStep] = useState<{ n: number; dir: 1 | -1 }>({ n: 0, dir: 1 });
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  // The graph's width, read while the page shows no graph yet (a cheap layout then).
  const [graphWidth, setGraphWidth] = useState<number>();
  useLayoutEffect(() => {
    setGraphWidth(containerRef.current?.getBoundingClientRect().width);
  }, []);

  const state = useMemo(() => (held ? withoutGone(held, gone) : undefined), [held, gone]);
  const graph = useMemo(
    () => (state ? drawGraph(state, collapsed) : { nodes: [], links: [] }),
    [state, collapsed],
  );
  // Balloons find their node among all (the flat view never collapses).
  const allNodes = useMemo(
    () => (collapsed && state ? drawGraph(state, false).nodes : graph.nodes),
    [collapsed, state, graph],
  );

  // A device being deleted (or gone) has no balloon (spec 1 §4).
  const found = balloon ? allNodes.find((n) => n.key === balloon.key) : undefined;
  const selectedNode =
    found &&
    (found.kind === 'network' ||
      !isLoading(found.entity as { status: string; task: string | null }))
      ? found
      : undefined;
  const onSelect = useCallback((node: DrawnNode, at: { x: number; y: number }) => {
    setBalloon((open) => {
      if (open?.key === node.key) return undefined;
      const rect = containerRef.current?.getBoundingClientRect();
      return {
        key: node.key,
        left: at.x - (rect?.left ?? 0) + 12,
        top: at.y - (rect?.top ?? 0) + 12,
      };
    });
  }, []);

  const flatMode: FlatMode =
    flatChoice ??
    // The canvas is the window less the sidebar.
    defaultFlatMode(state?.networks.size ?? 0, window.innerWidth - 300);

  const removeNode = async (node: DrawnNode): Promise<void> => {
    const name = node.name || node.id;
    const ok = await confirm({
      action: t('Delete'),
      title:
        node.kind === 'router'
          ? t('Delete Router')
          : node.kind === 'network'
            ? t('Delete Network')
            : t('Delete Instance'),
      body: t('You have selected "{{name}}". This action cannot be undone.', { name }),
      confirmLabel: t('Delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      if (node.kind === 'router') await topologyDeletes.router(node.id);
      else if (node.kind === 'network') await topologyDeletes.network(node.id);
      else await topologyDeletes.server(node.id);
      toast.success(t('Deleted {{name}}', { name }));
      setBalloon(undefined);
      setGone((g) => new Set([...g, node.key]));
      setRelayout((n) => n + 1);
    } catch (e) {
      reportError(e, { errorMessage: t(DELETE_FAILED, { name }) });
      void reload();
    }
  };

  const removePort = async (routerId: string, port: TopologyPort): Promise<void> => {
    const name = port.fixed_ips.map((ip) => ip.ip_address).join(', ') || port.id;
    const ok = await confirm({
      action: t('Delete'),
      title: t('Delete Interface'),
      body: t('You have selected "{{name}}". This action cannot be undone.', { name }),
      confirmLabel: t('Delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await topologyDeletes.routerPort(routerId, port.id);
      toast.success(t('Deleted {{name}}', { name }));
      setGone((g) => new Set([...g, `port:${port.id}`]));
      setRelayout((n) => n + 1);
    } catch (e) {
      reportError(e, { errorMessage: t(DELETE_FAILED, { name }) });
      void reload();
    }
  };

  const ports = useMemo(
    () =>
      selectedNode && state
        ? [...state.ports.values()].filter((p) =>
            selectedNode.kind === 'network'
              ? p.network_id === selectedNode.id
              : p.device_id === selectedNode.id,
          )
        : [],
    [selectedNode, state],
  );

  return (
    <div>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <ToggleGroup aria-label={t('Topology view')}>
              <ToggleGroupItem
                text={t('Graph')}
                buttonId="topology-view-graph"
                isSelected={view === 'graph'}
                onChange={() => {
                  setView('graph');
                  writeView('graph');
                  setBalloon(undefined);
                }}
              />
              <ToggleGroupItem
                text={t('Flat')}
                buttonId="topology-view-flat"
                isSelected={view === 'flat'}
                onChange={() => {
                  setView('flat');
                  writeView('flat');
                  setBalloon(undefined);
                }}
              />
            </ToggleGroup>
          </ToolbarItem>
          {view === 'flat' ? (
            <ToolbarItem>
              <Switch
                id="topology-small"
                label={t('Small')}
                isChecked={flatMode === 'small'}
                onChange={(_e, checked) => {
                  const mode: FlatMode = checked ? 'small' : 'normal';
                  setFlatChoice(mode);
                  writeFlatMode(mode);
                }}
              />
            </ToolbarItem>
          ) : (
            <>
              <ToolbarItem>
                <Switch
                  id="topology-labels"
                  label={t('Show labels')}
                  isChecked={labels}
                  onChange={(_e, checked) => {
                    setLabels(checked);
                    writeLabels(checked);
                  }}
                />
              </ToolbarItem>
              <ToolbarItem>
                <Switch
                  id="topology-collapse"
                  label={t('Collapse networks')}
                  isChecked={collapsed}
                  onChange={(_e, checked) => {
                    setCollapsed(checked);
                    writeCollapse(checked);
                  }}
                />
              </ToolbarItem>
              <ToolbarItem>
                <Button variant="secondary" onClick={() => setCentre((n) => n + 1)}>
                  {t('Centre')}
                </Button>
              </ToolbarItem>
              <ToolbarItem>
                <Button
                  variant="plain"
                  aria-label={t('Zoom in')}
                  onClick={() => setZoomStep((z) => ({ n: z.n + 1, dir: 1 }))}
                >
                  +
                </Button>
                <Button
                  variant="plain"
                  aria-label={t('Zoom out')}
                  onClick={() => setZoomStep((z) => ({ n: z.n + 1, dir: -1 }))}
                >
                  −
                </Button>
              </ToolbarItem>
            </>
          )}
          {held?.truncated && (
            <ToolbarItem>
              <Alert
                variant="warning"
                isInline
                isPlain
                title={t('Only part of the topology is shown.')}
              />
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      {error !== undefined && !held && (
        <Alert variant="danger" isInline title={t('Unable to retrieve the network topology.')} />
      )}
      <div ref={containerRef} style={{ position: 'relative' }}>
        {!state ? (
          error === undefined && <Spinner aria-label={t('Loading')} />
        ) : view === 'graph' ? (
          <GraphView
            nodes={graph.nodes}
            links={graph.links}
            labels={labels}
            selected={balloon?.key}
            onSelect={onSelect}
            centre={centre}
            relayout={relayout}
            zoomStep={zoomStep}
            height={GRAPH_HEIGHT}
            initialWidth={graphWidth}
          />
        ) : (
          <FlatView state={state} mode={flatMode} selected={balloon?.key} onSelect={onSelect} />
        )}
        {balloon && selectedNode && (
          <Balloon
            node={selectedNode}
            ports={ports}
            at={balloon}
            onClose={() => setBalloon(undefined)}
            onDelete={(node) => void removeNode(node)}
            onDeletePort={(routerId, port) => void removePort(routerId, port)}
          />
        )}
      </div>
    </div>
  );
}
