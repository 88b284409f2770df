import { compareMicroversions } from '../http/microversion';
import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/**
 * One server action of POST /servers/{id}/action: Nova's action name and its argument (null
 * for the actions that take none). What the body looks like per action is Nova's (api-ref).
 */
export type ServerAction =
  | { action: 'os-start' | 'os-stop' | 'pause' | 'unpause' | 'suspend' | 'resume' }
  | { action: 'shelve' | 'unshelve' | 'unlock' | 'unrescue' | 'confirmResize' | 'revertResize' }
  | { action: 'reboot'; type: 'SOFT' | 'HARD' }
  /** `reason` needs 2.73; without it any version does. */
  | { action: 'lock'; reason?: string }
  | { action: 'rescue'; adminPass?: string; rescueImageRef?: string }
  | { action: 'resize'; flavorRef: string; diskConfig?: 'AUTO' | 'MANUAL' }
  | {
      action: 'rebuild';
      imageRef: string;
      adminPass?: string;
      name?: string;
      diskConfig?: 'AUTO' | 'MANUAL';
    }
  | { action: 'os-resetState'; state: 'active' | 'error' }
  /** A named host needs 2.56. */
  | { action: 'migrate'; host?: string | null }
  | { action: 'os-migrateLive'; host?: string | null; blockMigration?: boolean | 'auto' };

export interface ServerUpdate {
  name?: string;
  /** Needs 2.19. */
  description?: string | null;
}

export interface ServerSnapshot {
  /** The new image's id; Nova names it in the answer from 2.45 only. */
  imageId: string | null;
}

export interface ServerActionCalls {
  act(id: string, action: ServerAction, options?: CallOptions): Promise<void>;
  /** createImage: a snapshot of the server's disk in Glance. */
  snapshot(
    id: string,
    image: { name: string; metadata?: Record<string, string> },
    options?: CallOptions,
  ): Promise<ServerSnapshot>;
  /** PUT /servers/{id}: name and description. */
  update(id: string, change: ServerUpdate, options?: CallOptions): Promise<void>;
  delete(id: string, options?: CallOptions): Promise<void>;
}

const BASE = '2.1';
const LOCK_REASON = '2.73';
const MIGRATE_HOST = '2.56';
/** block_migration 'auto' and no disk_over_commit. */
const LIVE_AUTO = '2.25';
const SNAPSHOT_ID = '2.45';
const DESCRIPTION = '2.19';

/** The microversion an action needs (its want and need), and its body at that version. */
const planOf = (
  a: ServerAction,
): { want: string; need?: string; body: (version: string) => Record<string, unknown> } => {
  switch (a.action) {
    case 'reboot':
      return { want: BASE, body: () => ({ reboot: { type: a.type } }) };
    case 'lock':
      return a.reason === undefined
        ? { want: BASE, body: () => ({ lock: null }) }
        : {
            want: LOCK_REASON,
            need: LOCK_REASON,
            body: () => ({ lock: { locked_reason: a.reason } }),
          };
    case 'rescue': {
      const args: Record<string, unknown> = {};
      if (a.adminPass !== undefined) args['adminPass'] = a.adminPass;
      if (a.rescueImageRef !== undefined) args['rescue_image_ref'] = a.rescueImageRef;
      return {
        want: BASE,
        body: () => ({ rescue: Object.keys(args).length > 0 ? args : null }),
      };
    }
    case 'resize': {
      const args: Record<string, unknown> = { flavorRef: a.flavorRef };
      if (a.diskConfig !== undefined) args['OS-DCF:diskConfig'] = a.diskConfig;
      return { want: BASE, body: () => ({ resize: args }) };
    }
    case 'rebuild': {
      const args: Record<string, unknown> = { imageRef: a.imageRef };
      if (a.adminPass !== undefined) args['adminPass'] = a.adminPass;
      if (a.name !== undefined) args['name'] = a.name;
      if (a.diskConfig !== undefined) args['OS-DCF:diskConfig'] = a.diskConfig;
      return { want: BASE, body: () => ({ rebuild: args }) };
    }
    case 'os-resetState':
      return { want: BASE, body: () => ({ 'os-resetState': { state: a.state } }) };
    case 'migrate':
      return a.host
        ? { want: MIGRATE_HOST, need: MIGRATE_HOST, body: () => ({ migrate: { host: a.host } }) }
        : { want: BASE, body: () => ({ migrate: null }) };
    case 'os-migrateLive':
      return {
        want: LIVE_AUTO,
        body: (version) =>
          compareMicroversions(version, LIVE_AUTO) >= 0
            ? {
                'os-migrateLive': {
                  host: a.host ?? null,
                  block_migration: a.blockMigration ?? 'auto',
                },
              }
            : {
                // Before 2.25 'auto' does not exist and disk_over_commit is required.
                'os-migrateLive': {
                  host: a.host ?? null,
                  block_migration: a.blockMigration === true,
                  disk_over_commit: false,
                },
              },
      };
    default:
      return { want: BASE, body: () => ({ [a.action]: null }) };
  }
};

export function serverActionCalls(ctx: NovaContext): ServerActionCalls {
  return {
    async act(id, action, call = {}) {
      const plan = planOf(action);
      await ctx.call<unknown>(
        { want: plan.want, ...(plan.need ? { need: plan.need } : {}) },
        (version) => ({
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/action`,
          json: plan.body(version),
        }),
      );
    },

    async snapshot(id, image, call = {}) {
      const answer = await ctx.call<{ image_id?: string } | undefined>(
        { want: SNAPSHOT_ID },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${id}/action`,
          json: { createImage: { name: image.name, metadata: image.metadata ?? {} } },
        },
      );
      return { imageId: answer?.image_id ?? null };
    },

    async update(id, change, call = {}) {
      const server: Record<string, unknown> = {};
      if (change.name !== undefined) server['name'] = change.name;
      if (change.description !== undefined) server['description'] = change.description;
      await ctx.call<unknown>(
        change.description !== undefined
          ? { want: DESCRIPTION, need: DESCRIPTION }
          : { want: BASE },
        { ...call, method: 'PUT', path: urlPath`servers/${id}`, json: { server } },
      );
    },

    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`servers/${id}` },
      );
    },
  };
}
