import type {
  ConsoleInfo,
  ConsoleInfoBody,
  EncryptedPassword,
  InstanceAction,
  InstanceInterface,
  InterfaceAttachBody,
  InstanceSecurityGroup,
  InstanceVolume,
} from '@skydeck/contract';
import { OpenStackHttpError, type OpenStackClient } from '@skydeck/openstack-client';
import { InstanceNotFoundError } from './instances';

type LogClients = Pick<OpenStackClient, 'nova'>;
type VolumeClients = Pick<OpenStackClient, 'nova' | 'cinder'>;

/** Nova's server ids are UUIDs: anything else is no instance, without asking Nova. */
const SERVER_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const checkId = (id: string): void => {
  if (!SERVER_ID.test(id)) throw new InstanceNotFoundError(id);
};

/** The console log's tail (spec 1 §8); Nova's 409 for a guest that is not running passes on. */
export const consoleOutput = async (
  clients: LogClients,
  id: string,
  length: number | undefined,
): Promise<{ output: string }> => {
  checkId(id);
  return { output: await clients.nova.serverLog.consoleOutput(id, length) };
};

/** The action log, newest first, as the allowlist of the contract. */
export const actionLog = async (
  clients: LogClients,
  id: string,
): Promise<{ items: InstanceAction[] }> => {
  checkId(id);
  const actions = await clients.nova.serverLog.actions(id);
  const items = actions
    .map((a) => ({
      action: a.action,
      request_id: a.request_id,
      start_time: a.start_time ?? null,
      user_id: a.user_id ?? null,
      project_id: a.project_id ?? null,
      message: a.message ?? null,
    }))
    // Nova lists newest first already; sorting again keeps that whatever the backend.
    .sort((a, b) => (b.start_time ?? '').localeCompare(a.start_time ?? ''));
  return { items };
};

/**
 * The attached volumes with their names and sizes: one Nova call, then one Cinder GET per
 * volume (an instance has a few). A volume Cinder will not show keeps its id and device.
 */
export const attachedVolumes = async (
  clients: VolumeClients,
  id: string,
): Promise<{ items: InstanceVolume[] }> => {
  checkId(id);
  const attachments = await clients.nova.serverLog.volumeAttachments(id);
  const items = await Promise.all(
    attachments.map(async (a): Promise<InstanceVolume> => {
      const volume = await clients.cinder.volumes.get(a.volumeId).catch(() => undefined);
      return {
        id: a.volumeId,
        name: volume?.name || null,
        device: a.device ?? null,
        size: volume?.size ?? null,
      };
    }),
  );
  return { items };
};

/** The instance's security groups, as the contract's allowlist (no rules). */
export const securityGroups = async (
  clients: LogClients,
  id: string,
): Promise<{ items: InstanceSecurityGroup[] }> => {
  checkId(id);
  const groups = await clients.nova.serverLog.securityGroups(id);
  return {
    items: groups.map((g) => ({ id: g.id, name: g.name, description: g.description ?? null })),
  };
};

/** Nova's protocol and type of each console kind, in the order AUTO tries them (Horizon's). */
const CONSOLES: readonly { kind: ConsoleInfo['type']; protocol: string; type: string }[] = [
  { kind: 'VNC', protocol: 'vnc', type: 'novnc' },
  { kind: 'SPICE', protocol: 'spice', type: 'spice-html5' },
  { kind: 'RDP', protocol: 'rdp', type: 'rdp-html5' },
  { kind: 'SERIAL', protocol: 'serial', type: 'serial' },
  { kind: 'MKS', protocol: 'mks', type: 'webmks' },
];

/** No console of the kinds asked for: a 404 saying so, not Nova's last refusal. */
export class NoConsoleError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No available console found.');
  }
}

/**
 * A console URL (spec 2 §7 console-info). Nova answers 400 for a console the cloud does not
 * offer (or, before 2.8, a protocol it does not know), so AUTO moves on to the next kind; any
 * other answer (409 for an instance that is not running, 404) is the caller's to see.
 */
export const consoleInfo = async (
  clients: LogClients,
  id: string,
  kind: ConsoleInfoBody['console_type'] = 'AUTO',
): Promise<ConsoleInfo> => {
  checkId(id);
  const tried = kind === 'AUTO' ? CONSOLES : CONSOLES.filter((c) => c.kind === kind);
  for (const c of tried) {
    try {
      const answer = await clients.nova.serverLog.remoteConsole(id, c.protocol, c.type);
      return { type: c.kind, url: answer.url };
    } catch (error) {
      if (!(error instanceof OpenStackHttpError) || error.status !== 400) throw error;
      // A single kind asked for by name: Nova's own reason is the better answer.
      if (kind !== 'AUTO') throw error;
    }
  }
  throw new NoConsoleError();
};

/** The encrypted admin password as Nova keeps it; the server never sees a private key. */
export const encryptedPassword = async (
  clients: LogClients,
  id: string,
): Promise<EncryptedPassword> => {
  checkId(id);
  return { encrypted_password: await clients.nova.serverLog.password(id) };
};

/** The metadata editor's existing values; a malformed id is no instance, without asking Nova. */
export const instanceMetadata = async (
  clients: LogClients,
  id: string,
): Promise<Record<string, string>> => {
  checkId(id);
  return clients.nova.serverLog.metadata(id);
};

/** Exactly one of network and port; a fixed IP only with a network (Nova's own rules, said first). */
export class InterfaceRequestError extends Error {
  readonly statusCode = 400;
}

const toInterface = (a: {
  port_id: string;
  net_id: string;
  mac_addr?: string | null;
  port_state?: string | null;
  fixed_ips?: { subnet_id: string; ip_address: string }[];
}): InstanceInterface => ({
  port_id: a.port_id,
  net_id: a.net_id,
  mac_addr: a.mac_addr ?? null,
  port_state: a.port_state ?? null,
  fixed_ips: (a.fixed_ips ?? []).map((ip) => ({
    subnet_id: ip.subnet_id,
    ip_address: ip.ip_address,
  })),
});

/** The instance's ports, for Detach Interface's choice. */
export const interfaces = async (
  clients: LogClients,
  id: string,
): Promise<{ items: InstanceInterface[] }> => {
  checkId(id);
  return { items: (await clients.nova.serverLog.interfaces(id)).map(toInterface) };
};

/** Attach Interface: a new port on a network (optionally at a fixed IP) or an existing port. */
export const attachInterface = async (
  clients: LogClients,
  id: string,
  body: InterfaceAttachBody,
): Promise<InstanceInterface> => {
  checkId(id);
  const { network_id, port_id, fixed_ip } = body;
  if ((network_id === undefined) === (port_id === undefined)) {
    throw new InterfaceRequestError('Choose either a network or a port.');
  }
  if (fixed_ip !== undefined && network_id === undefined) {
    throw new InterfaceRequestError('A fixed IP address needs a network.');
  }
  const attached = await clients.nova.serverLog.attachInterface(id, {
    ...(network_id !== undefined && { net_id: network_id }),
    ...(port_id !== undefined && { port_id }),
    ...(fixed_ip !== undefined && { fixed_ips: [{ ip_address: fixed_ip }] }),
  });
  return toInterface(attached);
};

export const detachInterface = async (
  clients: LogClients,
  id: string,
  portId: string,
): Promise<void> => {
  checkId(id);
  await clients.nova.serverLog.detachInterface(id, portId);
};
