import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/** One entry of GET /servers/{id}/os-instance-actions (Nova's field names). */
export interface NovaInstanceAction {
  action: string;
  request_id: string;
  start_time?: string | null;
  user_id?: string | null;
  project_id?: string | null;
  message?: string | null;
}

/** One volume attached to a server (GET /servers/{id}/os-volume_attachments). */
export interface NovaVolumeAttachment {
  volumeId: string;
  device?: string | null;
}

/** A security group of a server (GET /servers/{id}/os-security-groups). */
export interface NovaServerSecurityGroup {
  id: string;
  name: string;
  description?: string | null;
}

/** A console of a server (POST /servers/{id}/remote-consoles, 2.6+). */
export interface NovaRemoteConsole {
  protocol: string;
  type: string;
  url: string;
}

/** One port of a server (GET /servers/{id}/os-interface). */
export interface NovaInterfaceAttachment {
  port_id: string;
  net_id: string;
  mac_addr?: string | null;
  port_state?: string | null;
  fixed_ips?: { subnet_id: string; ip_address: string }[];
}

/** What to attach: a new port on a network (with a fixed IP), or an existing port. */
export interface NovaInterfaceAttach {
  net_id?: string;
  port_id?: string;
  fixed_ips?: { ip_address: string }[];
}

/**
 * What an instance's details page reads besides the server: its guest console log, its action
 * log and its attached volumes.
 */
export interface ServerLogCalls {
  /** The security groups of the server's ports. */
  securityGroups(id: string, options?: CallOptions): Promise<NovaServerSecurityGroup[]>;
  /** The volumes attached to the server, with their device names. */
  volumeAttachments(id: string, options?: CallOptions): Promise<NovaVolumeAttachment[]>;
  /** The console log's last `length` lines (os-getConsoleOutput); no length: all of it. */
  consoleOutput(id: string, length?: number, options?: CallOptions): Promise<string>;
  /** Every action recorded for the server, newest first. */
  actions(id: string, options?: CallOptions): Promise<NovaInstanceAction[]>;
  /** A console URL with a fresh token; Nova's 400 when the cloud has no such console. */
  remoteConsole(
    id: string,
    protocol: string,
    type: string,
    options?: CallOptions,
  ): Promise<NovaRemoteConsole>;
  /** The admin password the guest posted, base64 of its RSA encryption; '' when none. */
  password(id: string, options?: CallOptions): Promise<string>;
  /** The server's ports (os-interface). */
  interfaces(id: string, options?: CallOptions): Promise<NovaInterfaceAttachment[]>;
  attachInterface(
    id: string,
    attach: NovaInterfaceAttach,
    options?: CallOptions,
  ): Promise<NovaInterfaceAttachment>;
  detachInterface(id: string, portId: string, options?: CallOptions): Promise<void>;
  /** The server's metadata (GET /servers/{id}/metadata). */
  metadata(id: string, options?: CallOptions): Promise<Record<string, string>>;
  /** Sets these keys, keeping the others (POST /servers/{id}/metadata). */
  setMetadata(id: string, items: Record<string, string>, options?: CallOptions): Promise<void>;
  /** Removes one key (DELETE /servers/{id}/metadata/{key}). */
  deleteMetadataKey(id: string, key: string, options?: CallOptions): Promise<void>;
}

export function serverLogCalls(ctx: NovaContext): ServerLogCalls {
  return {
    async consoleOutput(id, length, call = {}) {
      const answer = await ctx.call<{ output?: string | null }>(
        { want: '2.1' },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/action`,
          json: { 'os-getConsoleOutput': length === undefined ? {} : { length } },
        },
      );
      return answer.output ?? '';
    },
    async securityGroups(id, call = {}) {
      const answer = await ctx.call<{ security_groups: NovaServerSecurityGroup[] }>(
        { want: '2.1' },
        { ...call, path: urlPath`servers/${id}/os-security-groups` },
      );
      return answer.security_groups;
    },
    async volumeAttachments(id, call = {}) {
      const answer = await ctx.call<{ volumeAttachments: NovaVolumeAttachment[] }>(
        { want: '2.1' },
        { ...call, path: urlPath`servers/${id}/os-volume_attachments` },
      );
      return answer.volumeAttachments;
    },
    async remoteConsole(id, protocol, type, call = {}) {
      // 2.6 brought remote-consoles; 2.8 adds the MKS protocol, nothing else changed since.
      const answer = await ctx.call<{ remote_console: NovaRemoteConsole }>(
        { want: '2.8', need: '2.6' },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/remote-consoles`,
          json: { remote_console: { protocol, type } },
        },
      );
      return answer.remote_console;
    },
    async password(id, call = {}) {
      const answer = await ctx.call<{ password?: string | null }>(
        { want: '2.1' },
        { ...call, path: urlPath`servers/${id}/os-server-password` },
      );
      return answer.password ?? '';
    },
    async interfaces(id, call = {}) {
      const answer = await ctx.call<{ interfaceAttachments: NovaInterfaceAttachment[] }>(
        { want: '2.1' },
        { ...call, path: urlPath`servers/${id}/os-interface` },
      );
      return answer.interfaceAttachments;
    },
    async attachInterface(id, attach, call = {}) {
      const answer = await ctx.call<{ interfaceAttachment: NovaInterfaceAttachment }>(
        { want: '2.1' },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/os-interface`,
          json: { interfaceAttachment: attach },
        },
      );
      return answer.interfaceAttachment;
    },
    async detachInterface(id, portId, call = {}) {
      await ctx.call(
        { want: '2.1' },
        { ...call, method: 'DELETE', path: urlPath`servers/${id}/os-interface/${portId}` },
      );
    },
    async metadata(id, call = {}) {
      const answer = await ctx.call<{ metadata: Record<string, string> }>(
        { want: '2.1' },
        { ...call, path: urlPath`servers/${id}/metadata` },
      );
      return answer.metadata;
    },
    async setMetadata(id, items, call = {}) {
      await ctx.call(
        { want: '2.1' },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/metadata`,
          json: { metadata: items },
        },
      );
    },
    async deleteMetadataKey(id, key, call = {}) {
      await ctx.call(
        { want: '2.1' },
        { ...call, method: 'DELETE', path: urlPath`servers/${id}/metadata/${key}` },
      );
    },
    async actions(id, call = {}) {
      // 2.21 keeps a deleted server's actions readable; nothing else of a later shape is used.
      const answer = await ctx.call<{ instanceActions: NovaInstanceAction[] }>(
        { want: '2.21' },
        { ...call, path: urlPath`servers/${id}/os-instance-actions` },
      );
      return answer.instanceActions;
    },
  };
}
