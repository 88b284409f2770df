import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  Topology,
  TopologyNetwork,
  TopologyPort,
  TopologyRouter,
  TopologyServer,
} from '@skydeck/contract';
import { api } from '../../api/api';
import { isAbort } from '../../api/errors';

/**
 * What a topology page holds: each kind by id, and the version the server last sent. A reload
 * that changed nothing returns the very same object, so nothing downstream renders again.
 */
export interface TopologyState {
  version: string;
  networks: ReadonlyMap<string, TopologyNetwork>;
  routers: ReadonlyMap<string, TopologyRouter>;
  servers: ReadonlyMap<string, TopologyServer>;
  ports: ReadonlyMap<string, TopologyPort>;
  truncated: boolean;
}

type Kind = 'networks' | 'routers' | 'servers' | 'ports';
const KINDS: readonly Kind[] = ['networks', 'routers', 'servers', 'ports'];

const byId = <T extends { id: string }>(list: readonly T[]): Map<string, T> =>
  new Map(list.map((item) => [item.id, item]));

/** Merges an answer of GET /api/neutron/topology/ into what the page holds. */
export function applyTopology(prev: TopologyState | undefined, answer: Topology): TopologyState {
  if (answer.full || !prev) {
    return {
      version: answer.version,
      networks: byId(answer.networks),
      routers: byId(answer.routers),
      servers: byId(answer.servers),
      ports: byId(answer.ports),
      truncated: answer.truncated,
    };
  }
  if (answer.version === prev.version) return prev;
  const merge = <T extends { id: string }>(
    kind: Kind,
    old: ReadonlyMap<string, T>,
    changed: readonly T[],
  ): ReadonlyMap<string, T> => {
    if (changed.length === 0 && answer.removed[kind].length === 0) return old;
    const next = new Map(old);
    for (const id of answer.removed[kind]) next.delete(id);
    for (const item of changed) next.set(item.id, item);
    return next;
  };
  return {
    version: answer.version,
    networks: merge('networks', prev.networks, answer.networks),
    routers: merge('routers', prev.routers, answer.routers),
    servers: merge('servers', prev.servers, answer.servers),
    ports: merge('ports', prev.ports, answer.ports),
    truncated: answer.truncated,
  };
}

/** Removes one entity at once (after its delete succeeded), ahead of the next reload. */
export function withoutEntity(state: TopologyState, kind: Kind, id: string): TopologyState {
  const next = new Map(state[kind] as ReadonlyMap<string, unknown>);
  next.delete(id);
  return { ...state, [kind]: next };
}

const randomStream = (): string => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** A whole model asked for before the page mounted, with the stream it was asked on. */
interface Preloaded {
  stream: string;
  answer: Promise<Topology>;
  at: number;
}

let preloaded: Preloaded | undefined;

/** A preloaded answer older than this is not taken: the page reads afresh. */
const PRELOAD_FRESH_MS = 10_000;

/**
 * Starts reading the whole model on a new stream (the route's loader, before the page's code is
 * there); the page's first read takes it. A later call replaces an answer nobody took.
 */
export function preloadTopology(now: () => number = Date.now): Promise<Topology> {
  const stream = randomStream();
  const answer = api('neutron.topology.get', { query: { stream } });
  // The page reports a failure when it takes the answer; until then nobody awaits it.
  answer.catch(() => undefined);
  preloaded = { stream, answer, at: now() };
  return answer;
}

/** The preloaded read, once, when it is fresh. */
function takePreloaded(now: number): Preloaded | undefined {
  const taken = preloaded;
  preloaded = undefined;
  return taken && now - taken.at <= PRELOAD_FRESH_MS ? taken : undefined;
}

export interface TopologyData {
  state: TopologyState | undefined;
  error: unknown;
  /** Reads again now (the loader's "something changed"). */
  reload: () => Promise<void>;
  /** Drops an entity from what is drawn (its delete succeeded). */
  drop: (kind: Kind, id: string) => void;
}

/**
 * The topology of the signed-in project, read whole once and then every `intervalMs` as the
 * changes since the version held (spec 1 §4: every 10 s). The page's random stream id lets the
 * server keep what this page holds apart from another tab's.
 */
export function useTopology(intervalMs: number): TopologyData {
  const [state, setState] = useState<TopologyState>();
  const [error, setError] = useState<unknown>();
  const held = useRef<TopologyState | undefined>(undefined);
  const stream = useRef(randomStream());
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const controller = useRef(new AbortController());

  const reload = useCallback((): Promise<void> => {
    // One read at a time: a second caller waits for the one under way.
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      try {
        // The first read takes the one the route's loader started, and its stream.
        const early = held.current ? undefined : takePreloaded(Date.now());
        if (early) stream.current = early.stream;
        const answer = await (early?.answer ??
          api('neutron.topology.get', {
            query: { stream: stream.current, since: held.current?.version },
            signal: controller.current.signal,
          }));
        const next = applyTopology(held.current, answer);
        held.current = next;
        setState(next);
        setError(undefined);
      } catch (e) {
        if (!isAbort(e)) setError(e);
      } finally {
        inFlight.current = undefined;
      }
    })();
    inFlight.current = run;
    return run;
  }, []);

  const drop = useCallback((kind: Kind, id: string) => {
    if (!held.current) return;
    const next = withoutEntity(held.current, kind, id);
    held.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async (): Promise<void> => {
      await reload();
      if (!abort.signal.aborted) timer = setTimeout(() => void loop(), intervalMs);
    };
    void loop();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [reload, intervalMs]);

  return { state, error, reload, drop };
}

export { KINDS as TOPOLOGY_KINDS };
export type { Kind as TopologyKind };

/** Deletes from the graph (spec 1 §7 "Delete from topology"). */
export const topologyDeletes = {
  server: (id: string) => api('nova.servers.delete', { params: { id } }),
  router: (id: string) => api('neutron.routers.delete', { params: { id } }),
  network: (id: string) => api('neutron.networks.delete', { params: { id } }),
  /** A router's port is its interface: removed through the router. */
  routerPort: (routerId: string, portId: string) =>
    api('neutron.routers.removeInterface', { params: { id: routerId, port_id: portId } }),
};
