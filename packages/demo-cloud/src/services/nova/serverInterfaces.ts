import type { FastifyInstance } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import type { Port } from './deps';
import { isAdminContext } from './flavors';
import { atLeast, bodyObject, invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';
import { actorOf, finishAction, startAction } from './instanceActions';
import { loadServer } from './serverAccess';
import { refreshAddresses } from './serverLifecycle';
import { VM, checkLock, checkState } from './serverState';

/** States in which nova attaches or detaches an interface (compute API's check_instance_state). */
const INTERFACE_STATES: readonly string[] = [VM.ACTIVE, VM.PAUSED, VM.STOPPED];

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const interfaceView = (port: Port, withTag: boolean): Json => ({
  port_state: port.status,
  fixed_ips: port.fixed_ips.map((ip) => ({ subnet_id: ip.subnet_id, ip_address: ip.ip_address })),
  port_id: port.id,
  net_id: port.network_id,
  mac_addr: port.mac_address,
  ...(withTag && { tag: null }),
});

const checkId = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw invalidInput(`interfaceAttachment/${field}`, value, `${pyRepr(value)} is not a 'uuid'`);
  }
  return value;
};

/**
 * os-interface: a server's ports as nova lists them, attaching one (a new port on a network,
 * with an optional fixed IP, or an existing port) and detaching one (a port nova created is
 * deleted, the user's own goes back unbound).
 */
export const serverInterfaceRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const portsOf = (serverId: string): Port[] =>
    deps(ctx).neutron?.portsOfDevice(ctx, serverId) ?? [];

  app.get<{ Params: { id: string } }>('/servers/:id/os-interface', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-attach-interfaces:list', {
      project_id: server.project_id,
    });
    const withTag = atLeast(request, '2.70');
    return { interfaceAttachments: portsOf(server.id).map((p) => interfaceView(p, withTag)) };
  });

  app.post<{ Params: { id: string } }>('/servers/:id/os-interface', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-attach-interfaces:create', {
      project_id: server.project_id,
    });
    const spec = bodyObject(
      request.body,
      'interfaceAttachment',
      ['net_id', 'port_id', 'fixed_ips', 'tag'],
      [],
    );
    const netId = spec['net_id'] === undefined ? undefined : checkId(spec['net_id'], 'net_id');
    const portId = spec['port_id'] === undefined ? undefined : checkId(spec['port_id'], 'port_id');
    const fixedIps = spec['fixed_ips'];
    let fixedIp: string | undefined;
    if (fixedIps !== undefined) {
      if (!Array.isArray(fixedIps) || fixedIps.length !== 1 || !isObject(fixedIps[0])) {
        throw invalidInput(
          'interfaceAttachment/fixed_ips',
          fixedIps,
          `${pyRepr(fixedIps)} is not valid under any of the given schemas`,
        );
      }
      const address = fixedIps[0]['ip_address'];
      if (typeof address !== 'string' || address === '') {
        throw invalidInput(
          'interfaceAttachment/fixed_ips/0/ip_address',
          address,
          `${pyRepr(address)} is not a 'ipv4'`,
        );
      }
      fixedIp = address;
    }
    if (netId !== undefined && portId !== undefined) {
      throw badRequest('Must not input both network_id and port_id');
    }
    if (fixedIp !== undefined && netId === undefined) {
      throw badRequest('Must input network_id when request IP address');
    }
    checkLock(server, isAdminContext(request));
    checkState(server, { action: 'attach_interface', vm: INTERFACE_STATES });
    const neutron = deps(ctx).neutron;
    if (!neutron) throw new Fault(500, 'Network service unavailable.');
    startAction(ctx.store, ctx.now(), server, actorOf(request), 'attach_interface', {
      name: 'compute_attach_interface',
      host: server.host,
    });
    let port: Port;
    try {
      port = neutron.allocatePort(ctx, {
        projectId: server.project_id,
        deviceId: server.id,
        deviceOwner: `compute:${server.availability_zone ?? 'nova'}`,
        ...(server.host ? { hostId: server.host } : {}),
        ...(portId !== undefined ? { portId } : netId !== undefined ? { networkId: netId } : {}),
        ...(fixedIp !== undefined && { fixedIp }),
      });
    } catch (error) {
      finishAction(ctx.store, ctx.now(), server.id, 'attach_interface', {
        message: 'InterfaceAttachFailed',
        traceback: String(error),
      });
      throw error;
    }
    if (server.vm_state === VM.ACTIVE) neutron.setDevicePortsStatus(ctx, server.id, 'ACTIVE');
    refreshAddresses(ctx, server.id);
    finishAction(ctx.store, ctx.now(), server.id, 'attach_interface');
    const attached = portsOf(server.id).find((p) => p.id === port.id) ?? port;
    return { interfaceAttachment: interfaceView(attached, atLeast(request, '2.70')) };
  });

  app.delete<{ Params: { id: string; portId: string } }>(
    '/servers/:id/os-interface/:portId',
    async (request, reply) => {
      const server = loadServer(ctx, request, request.params.id);
      authorize(request, 'compute', 'os_compute_api:os-attach-interfaces:delete', {
        project_id: server.project_id,
      });
      checkLock(server, isAdminContext(request));
      checkState(server, { action: 'detach_interface', vm: INTERFACE_STATES });
      const ports = portsOf(server.id);
      const gone = ports.find((p) => p.id === request.params.portId);
      const neutron = deps(ctx).neutron;
      if (!neutron) throw new Fault(500, 'Network service unavailable.');
      startAction(ctx.store, ctx.now(), server, actorOf(request), 'detach_interface', {
        name: 'compute_detach_interface',
        host: server.host,
      });
      // Nova casts the detach to the compute host and answers 202 at once: a port that is not
      // attached fails there, in the action log, not in the answer.
      if (!gone) {
        const message = `Port ${request.params.portId} is not attached`;
        finishAction(ctx.store, ctx.now(), server.id, 'detach_interface', {
          message: 'PortNotFound',
          traceback: `nova.exception.PortNotFound: ${message}\n`,
        });
        return reply.code(202).send();
      }
      // The agreed Neutron module releases a device's ports together: release all, delete the
      // detached one if nova made it, and bind the others again.
      ctx.store.transaction(() => {
        neutron.releaseDevicePorts(ctx, server.id, { deletePortsCreatedByNova: false });
        if (gone.created_by_nova) neutron.deletePortById(ctx, gone.id);
        for (const port of ports) {
          if (port.id === gone.id) continue;
          neutron.allocatePort(ctx, {
            projectId: server.project_id,
            portId: port.id,
            deviceId: server.id,
            deviceOwner: port.device_owner,
            ...(server.host ? { hostId: server.host } : {}),
          });
        }
        if (server.vm_state === VM.ACTIVE) neutron.setDevicePortsStatus(ctx, server.id, 'ACTIVE');
      });
      refreshAddresses(ctx, server.id);
      finishAction(ctx.store, ctx.now(), server.id, 'detach_interface');
      return reply.code(202).send();
    },
  );
};
