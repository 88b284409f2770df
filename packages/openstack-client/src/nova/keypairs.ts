import { highestMicroversion } from '../http/microversion';
import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type {
  CreatedKeypair,
  CreatedKeypairResponse,
  Keypair,
  KeypairResponse,
  KeypairsResponse,
  KeypairType,
} from './types';

const TYPE_FIELD = '2.2';
const USER_ID = '2.10';
const PAGING = '2.35';
/** 2.92 removed server-side generation: a create without public_key must stay below it. */
const LAST_WITH_GENERATION = '2.91';
/** 2.92 also widened the allowed name characters, so imports use it when available. */
const IMPORT = '2.92';

export interface KeypairUserOptions extends CallOptions {
  /** Another user's key pairs (admin); needs 2.10. */
  userId?: string;
}

export interface KeypairListOptions extends KeypairUserOptions {
  /** Paging needs 2.35. */
  limit?: number;
  marker?: string;
}

export interface KeypairCreate {
  name: string;
  /** Needs 2.2; Nova's default is ssh. */
  type?: KeypairType;
  /** Import this key; without it Nova generates the pair and returns `private_key`. */
  publicKey?: string;
  userId?: string;
}

export interface KeypairCalls {
  list(options?: KeypairListOptions): Promise<Keypair[]>;
  get(name: string, options?: KeypairUserOptions): Promise<Keypair>;
  create(keypair: KeypairCreate, options?: CallOptions): Promise<CreatedKeypair>;
  delete(name: string, options?: KeypairUserOptions): Promise<void>;
}

export function keypairCalls(ctx: NovaContext): KeypairCalls {
  return {
    async list(options = {}) {
      const { userId, limit, marker, ...call } = options;
      const paged = limit !== undefined || marker !== undefined;
      const answer = await ctx.call<KeypairsResponse>(
        {
          want: PAGING,
          need: highestMicroversion(
            userId === undefined ? undefined : USER_ID,
            paged ? PAGING : undefined,
          ),
        },
        { ...call, path: 'os-keypairs', query: { user_id: userId, limit, marker } },
      );
      return answer.keypairs.map((wrapper) => wrapper.keypair);
    },
    async get(name, options = {}) {
      const { userId, ...call } = options;
      const answer = await ctx.call<KeypairResponse>(
        { want: USER_ID, need: userId === undefined ? undefined : USER_ID },
        { ...call, path: urlPath`os-keypairs/${name}`, query: { user_id: userId } },
      );
      return answer.keypair;
    },
    async create(keypair, call = {}) {
      const need = highestMicroversion(
        keypair.userId === undefined ? undefined : USER_ID,
        keypair.type === undefined ? undefined : TYPE_FIELD,
      );
      const generate = keypair.publicKey === undefined;
      const wish = generate
        ? {
            want: highestMicroversion(TYPE_FIELD, need) ?? TYPE_FIELD,
            need,
            upTo: LAST_WITH_GENERATION,
          }
        : { want: IMPORT, need };
      const body: Record<string, string> = { name: keypair.name };
      if (keypair.type !== undefined) body['type'] = keypair.type;
      if (keypair.publicKey !== undefined) body['public_key'] = keypair.publicKey;
      if (keypair.userId !== undefined) body['user_id'] = keypair.userId;
      const answer = await ctx.call<CreatedKeypairResponse>(wish, {
        ...call,
        method: 'POST',
        path: 'os-keypairs',
        json: { keypair: body },
      });
      return answer.keypair;
    },
    async delete(name, options = {}) {
      const { userId, ...call } = options;
      await ctx.call<unknown>(
        { want: USER_ID, need: userId === undefined ? undefined : USER_ID },
        {
          ...call,
          method: 'DELETE',
          path: urlPath`os-keypairs/${name}`,
          query: { user_id: userId },
        },
      );
    },
  };
}
