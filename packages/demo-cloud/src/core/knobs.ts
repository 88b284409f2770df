import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KEYSTONE_UNAUTHORIZED_BODY } from './auth';
import { Fault } from './faults';
import type { CloudContext, CloudService } from './service';

/**
 * Test knobs (issue 3): per-service latency, injected faults, services switched off, and a scale
 * seed for benchmarks. Set at start through DemoCloudOptions (or the DEMO_CLOUD_* variables, or the
 * CLI), and changed at run time through the admin-only control API under `/_demo/`.
 *
 * A service is named by its CloudService name (`nova`), its catalog type (`compute`, `image`) or
 * its path prefix without the slash (`object-store`).
 */

export interface LatencyKnob {
  /** Added delay in milliseconds. */
  readonly ms: number;
  /** The delay varies by up to ± this many milliseconds. */
  readonly jitter?: number;
}

export type ServiceMode = 'absent' | 'unavailable';

export interface FaultRule {
  /** The service whose calls fail; any service when absent. */
  readonly service?: string;
  /** HTTP method, `*` (the default) for any. */
  readonly method?: string;
  /**
   * The path, as a glob (`*` within a segment, `**` across segments) matched against the whole
   * path or the path under the service prefix, or a regular expression written `/.../` or `^...`.
   * Any path when absent.
   */
  readonly path?: string;
  readonly status: number;
  /** How many matching calls fail; 1 by default. */
  readonly count?: number;
  /** The message in the service's fault body; a generic one for the status by default. */
  readonly message?: string;
}

export interface KnobOptions {
  /** `{ nova: 200 }` or `{ image: { ms: 100, jitter: 50 } }`; DEMO_CLOUD_LATENCY `nova=200,image=100:50`. */
  readonly latency?: Readonly<Record<string, number | LatencyKnob>>;
  /** Faults armed at start; DEMO_CLOUD_FAULTS holds them as a JSON array. */
  readonly faults?: readonly FaultRule[];
  /** `{ image: 'absent' }`; DEMO_CLOUD_SWITCHED_OFF `image=absent,volume=unavailable`. */
  readonly switchedOff?: Readonly<Record<string, ServiceMode>>;
  /** `{ servers: 5000, objects: 100000 }`; DEMO_CLOUD_SCALE / `--scale servers=5000,objects=100000`. */
  readonly scale?: Readonly<Record<string, number>>;
}

/**
 * Generates `count` more items of one kind for the scale seed, inside the seed transaction.
 * A service lists its generators in `CloudService.scale` (e.g. `{ objects: scaleObjects }`).
 */
export type ScaleSeeder = (ctx: CloudContext, count: number) => void;

export interface ArmedFault {
  readonly id: string;
  readonly service: string | null;
  readonly method: string;
  readonly path: string | null;
  readonly status: number;
  readonly message: string | null;
  /** Calls still to fail. */
  remaining: number;
}

export interface KnobState {
  readonly latency: Record<string, LatencyKnob>;
  readonly faults: ArmedFault[];
  readonly services: Record<string, ServiceMode>;
  readonly scale: Record<string, { requested: number; seeder: string | null }>;
}

export interface Knobs {
  /** The hosted service a request path belongs to. */
  serviceOf(path: string): CloudService | undefined;
  /** Resolves a knob's service name; throws a 400 Fault naming the hosted ones when unknown. */
  resolve(key: string): CloudService;
  latencyOf(service: CloudService): LatencyKnob | undefined;
  setLatency(service: string, latency: LatencyKnob | undefined): void;
  addFault(rule: FaultRule): ArmedFault;
  removeFault(id: string): boolean;
  clearFaults(): void;
  /** The first armed fault matching the call (its count is used up by one), if any. */
  takeFault(
    service: CloudService | undefined,
    method: string,
    path: string,
  ): ArmedFault | undefined;
  modeOf(service: CloudService): ServiceMode | 'on';
  setMode(service: string, mode: ServiceMode | 'on'): void;
  /** False while the service that declares this catalog type is switched off as `absent`. */
  inCatalog(catalogType: string): boolean;
  state(): KnobState;
  /** Back to the knobs the cloud was started with. */
  reset(): void;
}

// ---- parsing -------------------------------------------------------------------------------

const pairs = (text: string | undefined): Array<[string, string]> =>
  (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      if (eq <= 0) throw new Error(`expected name=value, got "${p}"`);
      return [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
    });

const nonNegative = (value: string, what: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new Error(`${what}: expected a non-negative integer, got "${value}"`);
  }
  return n;
};

/** `servers=5000,networks=1000,objects=100000` */
export const parseScale = (text: string | undefined): Record<string, number> =>
  Object.fromEntries(pairs(text).map(([k, v]) => [k, nonNegative(v, `scale ${k}`)]));

/** `nova=200,image=100:50` (milliseconds, optional `:jitter`) */
export const parseLatency = (text: string | undefined): Record<string, LatencyKnob> =>
  Object.fromEntries(
    pairs(text).map(([k, v]) => {
      const [ms = '', jitter] = v.split(':');
      return [
        k,
        {
          ms: nonNegative(ms, `latency ${k}`),
          ...(jitter === undefined ? {} : { jitter: nonNegative(jitter, `latency ${k} jitter`) }),
        },
      ];
    }),
  );

/** `image=absent,volume=unavailable` */
export const parseSwitchedOff = (text: string | undefined): Record<string, ServiceMode> =>
  Object.fromEntries(
    pairs(text).map(([k, v]) => {
      if (v !== 'absent' && v !== 'unavailable') {
        throw new Error(`switched-off ${k}: expected absent or unavailable, got "${v}"`);
      }
      return [k, v];
    }),
  );

const parseFaults = (text: string | undefined): FaultRule[] => {
  if (text === undefined || text.trim() === '') return [];
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error('DEMO_CLOUD_FAULTS: expected a JSON array');
  return parsed as FaultRule[];
};

/** Knobs from the options, each falling back to its DEMO_CLOUD_* variable. */
export const resolveKnobOptions = (
  opts: KnobOptions,
  env: NodeJS.ProcessEnv = process.env,
): KnobOptions => ({
  latency: opts.latency ?? parseLatency(env['DEMO_CLOUD_LATENCY']),
  faults: opts.faults ?? parseFaults(env['DEMO_CLOUD_FAULTS']),
  switchedOff: opts.switchedOff ?? parseSwitchedOff(env['DEMO_CLOUD_SWITCHED_OFF']),
  scale: opts.scale ?? parseScale(env['DEMO_CLOUD_SCALE']),
});

// ---- state ---------------------------------------------------------------------------------

/** swob's explanations: a neutral message for an injected status. */
const GENERIC_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The server could not comply with the request since it is either malformed or otherwise incorrect.',
  401: 'The request you have made requires authentication.',
  403: 'Access was denied to this resource.',
  404: 'The resource could not be found.',
  409: 'There was a conflict when trying to complete your request.',
  413: 'The body of your request was too large for this server.',
  429: 'The server is processing too many requests.',
  500: 'The server has either erred or is incapable of performing the requested operation.',
  502: 'Bad gateway.',
  503: 'The server is currently unavailable. Please try again at a later time.',
  504: 'A timeout has occurred speaking to a backend server.',
};

export const faultMessage = (status: number): string =>
  GENERIC_MESSAGES[status] ?? `Injected failure with status ${status}.`;

const latencyOf = (value: number | LatencyKnob): LatencyKnob =>
  typeof value === 'number' ? { ms: value } : value;

const globToRegExp = (glob: string): RegExp => {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob.charAt(i);
    if (ch === '*' && glob.charAt(i + 1) === '*') {
      out += '.*';
      i++;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
};

/** A path pattern: `/re/` or `^re` as a regular expression, anything else as a glob. */
export const pathMatcher = (pattern: string): RegExp => {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    return new RegExp(pattern.slice(1, -1));
  }
  if (pattern.startsWith('^')) return new RegExp(pattern);
  return globToRegExp(pattern);
};

export const createKnobs = (services: readonly CloudService[], initial: KnobOptions): Knobs => {
  const find = (key: string): CloudService | undefined =>
    services.find(
      (s) =>
        s.name === key ||
        s.catalog.type === key ||
        (s.extraCatalog ?? []).some((c) => c.type === key) ||
        s.prefix === `/${key}`,
    );
  const resolve = (key: string): CloudService => {
    const service = find(key);
    if (!service) {
      const hosted = services.map((s) => `${s.name} (${s.catalog.type})`).join(', ');
      throw new Fault(400, `Unknown service "${key}"; hosted: ${hosted}.`);
    }
    return service;
  };

  let latency = new Map<string, LatencyKnob>();
  let modes = new Map<string, ServiceMode>();
  let faults: Array<ArmedFault & { matcher: RegExp | null }> = [];

  const addFault = (rule: FaultRule): ArmedFault => {
    if (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599) {
      throw new Fault(400, 'A fault needs a status from 400 to 599.');
    }
    const count = rule.count ?? 1;
    if (!Number.isInteger(count) || count < 1) {
      throw new Fault(400, 'A fault count must be a positive integer.');
    }
    let matcher: RegExp | null = null;
    if (rule.path !== undefined && rule.path !== '') {
      try {
        matcher = pathMatcher(rule.path);
      } catch {
        throw new Fault(400, `Invalid path pattern "${rule.path}".`);
      }
    }
    const fault = {
      id: randomUUID(),
      service: rule.service === undefined ? null : resolve(rule.service).name,
      method: (rule.method ?? '*').toUpperCase(),
      path: rule.path ?? null,
      status: rule.status,
      message: rule.message ?? null,
      remaining: count,
      matcher,
    };
    faults.push(fault);
    return publicFault(fault);
  };
  const publicFault = ({ matcher: _m, ...fault }: ArmedFault & { matcher: RegExp | null }) => ({
    ...fault,
  });

  const apply = (): void => {
    latency = new Map();
    modes = new Map();
    faults = [];
    for (const [key, value] of Object.entries(initial.latency ?? {})) {
      latency.set(resolve(key).name, latencyOf(value));
    }
    for (const [key, mode] of Object.entries(initial.switchedOff ?? {})) {
      modes.set(resolve(key).name, mode);
    }
    for (const rule of initial.faults ?? []) addFault(rule);
  };
  apply();

  return {
    serviceOf: (path) => services.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`)),
    resolve,
    latencyOf: (service) => latency.get(service.name),
    setLatency: (key, value) => {
      const name = resolve(key).name;
      if (value === undefined || value.ms <= 0) latency.delete(name);
      else latency.set(name, value);
    },
    addFault,
    removeFault: (id) => {
      const before = faults.length;
      faults = faults.filter((f) => f.id !== id);
      return faults.length < before;
    },
    clearFaults: () => {
      faults = [];
    },
    takeFault: (service, method, path) => {
      const relative = service ? path.slice(service.prefix.length) || '/' : path;
      const fault = faults.find(
        (f) =>
          f.remaining > 0 &&
          (f.service === null || f.service === service?.name) &&
          (f.method === '*' || f.method === method) &&
          (f.matcher === null || f.matcher.test(path) || f.matcher.test(relative)),
      );
      if (!fault) return undefined;
      fault.remaining--;
      if (fault.remaining === 0) faults = faults.filter((f) => f !== fault);
      return publicFault(fault);
    },
    modeOf: (service) => modes.get(service.name) ?? 'on',
    setMode: (key, mode) => {
      const name = resolve(key).name;
      if (mode === 'on') modes.delete(name);
      else modes.set(name, mode);
    },
    inCatalog: (catalogType) => {
      const service = services.find(
        (s) =>
          s.catalog.type === catalogType ||
          (s.extraCatalog ?? []).some((c) => c.type === catalogType),
      );
      return !service || modes.get(service.name) !== 'absent';
    },
    state: () => ({
      latency: Object.fromEntries(latency),
      faults: faults.map(publicFault),
      services: Object.fromEntries(modes),
      scale: Object.fromEntries(
        Object.entries(initial.scale ?? {}).map(([kind, requested]) => [
          kind,
          { requested, seeder: services.find((s) => s.scale?.[kind])?.name ?? null },
        ]),
      ),
    }),
    reset: apply,
  };
};

// ---- scale seed ----------------------------------------------------------------------------

/**
 * Tops the scale-seeded kinds up to the requested counts, in one transaction. What was generated
 * is remembered (`scale:<kind>` in the store's meta), so a restart with the same request adds
 * nothing. Kinds no hosted service generates yet are reported and skipped.
 */
export const applyScale = (
  ctx: CloudContext,
  scale: Readonly<Record<string, number>> | undefined,
): { generated: Record<string, number>; unknown: string[] } => {
  const generated: Record<string, number> = {};
  const unknown: string[] = [];
  const entries = Object.entries(scale ?? {});
  if (entries.length === 0) return { generated, unknown };
  ctx.store.transaction(() => {
    for (const [kind, requested] of entries) {
      const seeder = ctx.services.find((s) => s.scale?.[kind])?.scale?.[kind];
      if (!seeder) {
        unknown.push(kind);
        continue;
      }
      const key = `scale:${kind}`;
      const done = Number(ctx.store.getMeta(key) ?? '0');
      if (requested > done) {
        seeder(ctx, requested - done);
        ctx.store.setMeta(key, String(requested));
        generated[kind] = requested - done;
      }
    }
  });
  return { generated, unknown };
};

// ---- hooks and control API -----------------------------------------------------------------

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const pathOnly = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

const controlError = (reply: FastifyReply, status: number, message: string): FastifyReply =>
  reply
    .code(status)
    .type('application/json')
    .send({ error: { code: status, title: status === 403 ? 'Forbidden' : 'Error', message } });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const latencyBody = (body: unknown): LatencyKnob => {
  if (!isRecord(body) || typeof body['ms'] !== 'number' || body['ms'] < 0) {
    throw new Fault(400, 'Expected {"ms": <non-negative number>, "jitter"?: <number>}.');
  }
  const jitter = body['jitter'];
  if (jitter !== undefined && (typeof jitter !== 'number' || jitter < 0)) {
    throw new Fault(400, 'jitter must be a non-negative number.');
  }
  return { ms: body['ms'], ...(jitter === undefined ? {} : { jitter }) };
};

const modeBody = (body: unknown): ServiceMode | 'on' => {
  const mode = isRecord(body) ? body['mode'] : undefined;
  if (mode !== 'absent' && mode !== 'unavailable' && mode !== 'on') {
    throw new Fault(400, 'mode must be "absent", "unavailable" or "on".');
  }
  return mode;
};

const controlRoutes = async (app: FastifyInstance, ctx: CloudContext): Promise<void> => {
  const { knobs } = ctx;
  app.setErrorHandler((error: Error, _request, reply) => {
    if (error instanceof Fault) return controlError(reply, error.status, error.message);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return controlError(reply, status, error.message);
    }
    return controlError(reply, 500, 'The control API failed.');
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-auth-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const auth = token ? ctx.resolveToken(token) : undefined;
    if (!auth) {
      await reply.code(401).type('application/json').send(KEYSTONE_UNAUTHORIZED_BODY);
      return;
    }
    if (!auth.roles.some((r) => r.name === 'admin')) {
      await controlError(reply, 403, 'The control API needs a token with the admin role.');
    }
  });

  app.get('/knobs', async () => knobs.state());
  app.delete('/knobs', async (_request, reply) => {
    knobs.reset();
    return reply.code(204).send();
  });

  app.put<{ Params: { service: string } }>('/latency/:service', async (request) => {
    knobs.setLatency(request.params.service, latencyBody(request.body));
    return knobs.state();
  });
  app.delete<{ Params: { service: string } }>('/latency/:service', async (request, reply) => {
    knobs.setLatency(request.params.service, undefined);
    return reply.code(204).send();
  });

  app.get('/faults', async () => ({ faults: knobs.state().faults }));
  app.post('/faults', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) throw new Fault(400, 'Expected a JSON object.');
    const fault = knobs.addFault({
      service: typeof body['service'] === 'string' ? body['service'] : undefined,
      method: typeof body['method'] === 'string' ? body['method'] : undefined,
      path: typeof body['path'] === 'string' ? body['path'] : undefined,
      status: typeof body['status'] === 'number' ? body['status'] : 500,
      count: typeof body['count'] === 'number' ? body['count'] : undefined,
      message: typeof body['message'] === 'string' ? body['message'] : undefined,
    });
    return reply.code(201).send({ fault });
  });
  app.delete('/faults', async (_request, reply) => {
    knobs.clearFaults();
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>('/faults/:id', async (request, reply) => {
    if (!knobs.removeFault(request.params.id)) throw new Fault(404, 'No such fault.');
    return reply.code(204).send();
  });

  app.post('/services', async (request) => {
    const body = request.body;
    const service = isRecord(body) ? body['service'] : undefined;
    if (typeof service !== 'string')
      throw new Fault(400, 'Expected {"service": ..., "mode": ...}.');
    knobs.setMode(service, modeBody(body));
    return knobs.state();
  });
  app.put<{ Params: { service: string } }>('/services/:service', async (request) => {
    knobs.setMode(request.params.service, modeBody(request.body));
    return knobs.state();
  });
  app.delete('/services', async (_request, reply) => {
    for (const name of Object.keys(knobs.state().services)) knobs.setMode(name, 'on');
    return reply.code(204).send();
  });
};

/**
 * Installs the knobs on the root instance, before the services register: one onRequest hook
 * (latency, then a switched-off service's 503, then an armed fault — each rendered by the
 * service's own error handler, so in its upstream shape) and the control API under `/_demo/`.
 */
export const installKnobs = async (app: FastifyInstance, ctx: CloudContext): Promise<void> => {
  const { knobs } = ctx;
  app.addHook('onRequest', async (request) => {
    const path = pathOnly(request.raw.url ?? request.url);
    const service = knobs.serviceOf(path);
    if (service) {
      const latency = knobs.latencyOf(service);
      if (latency) {
        const jitter = latency.jitter ?? 0;
        const delay = latency.ms + (Math.random() * 2 - 1) * jitter;
        if (delay > 0) await sleep(delay);
      }
      if (knobs.modeOf(service) === 'unavailable') throw new Fault(503, faultMessage(503));
    }
    if (path.startsWith('/_demo/')) return;
    const fault = knobs.takeFault(service, request.method, path);
    if (fault) throw new Fault(fault.status, fault.message ?? faultMessage(fault.status));
  });
  await app.register(async (control) => controlRoutes(control, ctx), { prefix: '/_demo' });
};
