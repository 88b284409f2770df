import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { UpstreamCall } from '../lib/upstreamFetch';
import { currentRequest } from './requestContext';

/** Seconds: from a cached policy answer to a slow upstream list. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const UPSTREAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The label of requests no route matched (404s, SPA pages): raw URLs would be unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The server's Prometheus series, in a registry of its own (one per app: tests build several).
 * Names are skydeck_*, plus prom-client's default process and Node.js series.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'skydeck_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'skydeck_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly upstreamRequests = new Counter({
    name: 'skydeck_upstream_requests_total',
    help: 'Calls to OpenStack services, by service, method and status (timeout, network, aborted when none)',
    labelNames: ['service', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly upstreamSeconds = new Histogram({
    name: 'skydeck_upstream_request_duration_seconds',
    help: 'Time until an OpenStack service answered (headers), by service and method',
    labelNames: ['service', 'method'] as const,
    buckets: UPSTREAM_BUCKETS,
    registers: [this.registry],
  });
  readonly upstreamErrors = new Counter({
    name: 'skydeck_upstream_errors_total',
    help: 'OpenStack calls that failed on the service side: 5xx, timeout or network',
    labelNames: ['service', 'reason'] as const,
    registers: [this.registry],
  });
  readonly uploadBytes = new Counter({
    name: 'skydeck_upload_bytes_total',
    help: 'Bytes of image data streamed to Glance by completed uploads',
    registers: [this.registry],
  });

  constructor(activeSessions: () => Promise<number | undefined>) {
    new Gauge({
      name: 'skydeck_active_sessions',
      help: 'Signed-in sessions in the session store (all server processes with Redis)',
      registers: [this.registry],
      async collect() {
        // A store that is away leaves the series out of this scrape rather than failing it.
        const count = await activeSessions().catch(() => undefined);
        if (count !== undefined) this.set(count);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  readonly observeUpstream = (call: UpstreamCall): void => {
    const { service, method, outcome } = call;
    this.upstreamRequests.inc({ service, method, status: String(outcome) });
    this.upstreamSeconds.observe({ service, method }, call.seconds);
    if (outcome === 'timeout' || outcome === 'network') {
      this.upstreamErrors.inc({ service, reason: outcome });
    } else if (typeof outcome === 'number' && outcome >= 500) {
      this.upstreamErrors.inc({ service, reason: '5xx' });
    }
  };
}

/** Counts image bytes that reached Glance, for the request being served (uploads.ts). */
export const recordUploadBytes = (bytes: number): void => {
  const app = currentRequest()?.request.server;
  if (app?.hasDecorator('metrics')) app.metrics.uploadBytes.inc(bytes);
};

declare module 'fastify' {
  interface FastifyInstance {
    readonly metrics: Metrics;
  }
}

export interface MetricsPluginOptions {
  metrics: Metrics;
  webroot: string;
  /** Serve {webroot}metrics (SKYDECK_METRICS); the series are kept either way. */
  expose: boolean;
}

const plugin: FastifyPluginAsync<MetricsPluginOptions> = async (app, options) => {
  const { metrics } = options;
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
  });

  if (options.expose) {
    app.get(`${options.webroot}metrics`, async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(text);
    });
  }
};

export const metricsPlugin = fp(plugin, { name: 'skydeck-metrics', fastify: '5.x' });
