import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Migration, Store } from '../store/store';
import type { TokenResolver } from './auth';

export interface ResolvedOptions {
  readonly dataDir: string;
  readonly reset: boolean;
  readonly enforceNewDefaults: boolean;
  readonly logger: boolean;
  readonly tokenLifetimeSeconds: number;
}

/** What every service shares: the store, the options, token validation and the public address. */
export interface CloudContext {
  readonly store: Store;
  readonly options: ResolvedOptions;
  readonly services: readonly CloudService[];
  readonly resolveToken: TokenResolver;
  /** The public base URL (`http://127.0.0.1:5000`): the bound address once listening, else the request's Host. */
  baseUrl(request?: FastifyRequest): string;
  now(): Date;
}

export interface CatalogDeclaration {
  /** Catalog type, e.g. `compute`. */
  readonly type: string;
  /** Catalog name, e.g. `nova`. */
  readonly name: string;
  readonly description: string;
  /** Endpoint path under the base URL; may hold Keystone's `$(project_id)s` substitution. */
  readonly path: string;
  readonly regions: readonly string[];
}

/** One upstream service hosted under a path prefix of the demo cloud. */
export interface CloudService {
  /** Also the store component whose schema version the migrations advance. */
  readonly name: string;
  /** URL prefix on the shared port, e.g. `/compute`. */
  readonly prefix: string;
  readonly catalog: CatalogDeclaration;
  readonly migrations: readonly Migration[];
  /** Creates the demo data when absent; runs inside a transaction at every start, so it must be idempotent. */
  seed(ctx: CloudContext): void;
  /** Adds the routes to an instance already scoped to `prefix`. */
  register(app: FastifyInstance, ctx: CloudContext): Promise<void>;
}

export const DEFAULT_REGION = 'RegionOne';
export const SECOND_REGION = 'RegionTwo';
export const INTERFACES = ['public', 'internal', 'admin'] as const;
