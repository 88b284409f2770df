import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { Link } from './types';

/** One entry of `block_device_mapping_v2` as POST /servers takes it. */
export interface BlockDeviceMappingV2 {
  source_type: 'image' | 'volume' | 'snapshot' | 'blank';
  destination_type: 'volume' | 'local';
  uuid?: string;
  boot_index: number;
  volume_size?: number;
  delete_on_termination: boolean;
}

/** One requested network: a network (with an optional fixed address) or a port. */
export type RequestedNic = { uuid: string; fixed_ip?: string } | { port: string };

/** The `server` object of POST /servers, in Nova's own names. */
export interface NovaServerCreate {
  name: string;
  flavorRef: string;
  /** Empty (or absent) when booting from a volume. */
  imageRef?: string;
  min_count?: number;
  max_count?: number;
  /** 2.19 */
  description?: string;
  availability_zone?: string;
  key_name?: string;
  adminPass?: string;
  config_drive?: boolean;
  /** Base64 of the script. */
  user_data?: string;
  metadata?: Record<string, string>;
  security_groups?: { name: string }[];
  /** From 2.37 required: a list, or `auto` / `none`. */
  networks?: RequestedNic[] | 'auto' | 'none';
  block_device_mapping_v2?: BlockDeviceMappingV2[];
  'OS-DCF:diskConfig'?: 'AUTO' | 'MANUAL';
}

export interface ServerCreated {
  id: string;
  links?: Link[];
  adminPass?: string;
  security_groups?: { name: string }[];
  'OS-DCF:diskConfig'?: string;
}

/** With `return_reservation_id` Nova answers only this; otherwise the first server. */
interface ServerCreateResponse {
  server?: ServerCreated;
  reservation_id?: string;
}

export interface ServerCreateRequest {
  /** The body may depend on the negotiated microversion (networks, description). */
  server: (microversion: string) => NovaServerCreate;
  schedulerHints?: Record<string, string | string[]>;
}

export interface ServerCreateCalls {
  /** POST /servers: Nova answers 202 with the first server; the rest build in the background. */
  create(request: ServerCreateRequest, options?: CallOptions): Promise<ServerCreated>;
}

/** 2.37 lets `networks` be `auto` or `none` (and requires it); 2.67 adds bdm volume_type. */
export const SERVER_CREATE_SHAPE = '2.67';

export function serverCreateCalls(ctx: NovaContext): ServerCreateCalls {
  return {
    async create(request, call = {}) {
      const answer = await ctx.call<ServerCreateResponse>({ want: SERVER_CREATE_SHAPE }, (v) => ({
        ...call,
        method: 'POST',
        path: 'servers',
        json: {
          server: request.server(v),
          ...(request.schedulerHints && Object.keys(request.schedulerHints).length > 0
            ? { 'os:scheduler_hints': request.schedulerHints }
            : {}),
        },
      }));
      if (!answer.server) throw new Error('Nova answered the launch without a server');
      return answer.server;
    },
  };
}
