import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { consoleLog, tailLog } from './consoleLog';
import type { GuestFamily } from './consoleLog';
import { deps } from './deps';
import { atLeast, bodyObject, invalidInput, pyRepr } from './http';
import { consoleTokens, servers } from './model';
import type { ServerDoc } from './model';
import { loadServer } from './serverAccess';
import { VM, isRunning } from './serverState';

/** How long a console URL stays valid ([consoleauth] token_ttl). */
const TOKEN_TTL_MS = 600_000;

const familyOf = (ctx: CloudContext, server: ServerDoc): GuestFamily => {
  if (server.image_id === '') return 'cloud-init';
  const image = deps(ctx).glance?.findImageForBoot(ctx, server.image_id, server.project_id);
  if (!image) return 'cirros';
  return /cirros/i.test(image.name ?? '') ? 'cirros' : 'cloud-init';
};

/** The serial console log (nova's get_console_output), tailed to `length` lines. */
export const guestConsoleOutput = (
  ctx: CloudContext,
  server: ServerDoc,
  length: number | null,
): string => {
  const scale = ctx.options.lifecycleScale;
  const bootedAt = server.booted_at ? Date.parse(server.booted_at) : Date.parse(server.created_at);
  const elapsed = scale === 0 ? Infinity : (ctx.now().getTime() - bootedAt) / (1000 * scale);
  const off = [VM.STOPPED, VM.SHELVED, VM.SHELVED_OFFLOADED].includes(server.vm_state as 'stopped');
  const log = consoleLog(server, familyOf(ctx, server), off ? Infinity : elapsed, off);
  // nova strips control characters XML could not carry.
  // eslint-disable-next-line no-control-regex
  return tailLog(log, length).replace(/[\u0000-\u0008\u000b-\u001f]/g, '');
};

const PROTOCOL_TYPES: Readonly<Record<string, readonly string[]>> = {
  vnc: ['novnc', 'xvpvnc'],
  spice: ['spice-html5'],
  rdp: ['rdp-html5'],
  serial: ['serial'],
  mks: ['webmks'],
};

/**
 * A console URL with a fresh token. Like a Nova with only `[vnc] enabled`: another protocol's
 * console is unavailable, and VNC gives noVNC only (Zed has no other VNC console type).
 */
export const consoleUrl = (
  ctx: CloudContext,
  request: FastifyRequest,
  server: ServerDoc,
  protocol: string,
  type: string,
): string => {
  if (protocol !== 'vnc') throw badRequest(`Unavailable console type ${type}.`);
  if (type !== 'novnc') throw badRequest(`Invalid console type ${type}`);
  if (!server.host) throw new Fault(409, `Instance ${server.id} is not ready`);
  if (!isRunning(server)) throw badRequest(`Unavailable console type ${type}.`);
  const token = randomBytes(16)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
  ctx.store.collection(consoleTokens).insert({
    id: token,
    server_id: server.id,
    expires_at: new Date(ctx.now().getTime() + TOKEN_TTL_MS).toISOString(),
  });
  return `${ctx.baseUrl(request)}/compute/console/vnc_lite.html?path=${encodeURIComponent(`?token=${token}`)}`;
};

export const remoteConsoleRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.post<{ Params: { id: string } }>('/servers/:id/remote-consoles', async (request) => {
    if (!atLeast(request, '2.6')) throw new Fault(404, 'The resource could not be found.');
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-remote-consoles', {
      project_id: server.project_id,
    });
    const spec = bodyObject(
      request.body,
      'remote_console',
      ['protocol', 'type'],
      ['protocol', 'type'],
    );
    const protocols = atLeast(request, '2.8')
      ? Object.keys(PROTOCOL_TYPES)
      : ['vnc', 'spice', 'rdp', 'serial'];
    const protocol = spec['protocol'];
    if (typeof protocol !== 'string' || !protocols.includes(protocol)) {
      throw invalidInput(
        'remote_console/protocol',
        protocol,
        `${pyRepr(protocol)} is not one of ${pyRepr(protocols)}`,
      );
    }
    const types = Object.values(PROTOCOL_TYPES).flat();
    const type = spec['type'];
    if (typeof type !== 'string' || !types.includes(type)) {
      throw invalidInput(
        'remote_console/type',
        type,
        `${pyRepr(type)} is not one of ${pyRepr(types)}`,
      );
    }
    // Nova hands the type to the protocol's console as it is: the console judges it.
    return {
      remote_console: { protocol, type, url: consoleUrl(ctx, request, server, protocol, type) },
    };
  });
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a console URL opens: a text console showing the guest's serial output, refreshed
 * every few seconds (the demo cloud has no VNC server behind it).
 */
export const consolePageRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/console/vnc_lite.html', async (request, reply) => {
    const path = (request.query as Record<string, unknown>)['path'];
    const token =
      typeof path === 'string' ? new URLSearchParams(path.replace(/^\?/, '')).get('token') : null;
    const entry = token ? ctx.store.collection(consoleTokens).get(token) : undefined;
    const server = entry ? ctx.store.collection(servers).get(entry.server_id) : undefined;
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (!entry || !server || Date.parse(entry.expires_at) < ctx.now().getTime() || server.deleted) {
      return reply
        .code(401)
        .send(
          '<!doctype html><title>Console</title><p>The console token is invalid or has expired.</p>',
        );
    }
    const output = escapeHtml(guestConsoleOutput(ctx, server, null));
    return reply.send(
      [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="refresh" content="3">',
        `<title>${escapeHtml(server.name)} (${escapeHtml(server.id)})</title>`,
        '<style>body{margin:0;background:#000;color:#ccc;font:13px/1.35 monospace}',
        'header{background:#333;color:#fff;padding:4px 8px}pre{margin:0;padding:8px;white-space:pre-wrap}</style>',
        '</head><body>',
        `<header>Connected (unencrypted) to: ${escapeHtml(server.instance_name)}</header>`,
        `<pre>${output}</pre>`,
        '</body></html>',
      ].join(''),
    );
  });
};
