import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Migration, Store } from '../store/store';
import type { TokenResolver } from './auth';
import type { Knobs, ScaleSeeder } from './knobs';

export interface ResolvedOptions {
  readonly dataDir: string;
  readonly reset: boolean;
  readonly enforceNewDefaults: boolean;
  readonly logger: boolean;
  readonly tokenLifetimeSeconds: number;
  /** Multiplier of nominal lifecycle durations (core/lifecycle.ts). */
  readonly lifecycleScale: number;
  /** Glance's `image_size_cap` (bytes). */
  readonly imageSizeCap: number;
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
  /** Test knobs (latency, faults, switched-off services), changeable at run time (core/knobs.ts). */
  readonly knobs: Knobs;
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
  /** Further catalog entries of the same API (e.g. Cinder is both `volumev3` and `block-storage`). */
  readonly extraCatalog?: readonly CatalogDeclaration[];
  readonly migrations: readonly Migration[];
  /** Creates the demo data when absent; runs inside a transaction at every start, so it must be idempotent. */
  seed(ctx: CloudContext): void;
  /**
   * Demo data that refers to other services' seeded resources (a server on a seeded network and
   * image): runs after every service's `seed`, in the same transaction, under the same rules.
   */
  seedLate?(ctx: CloudContext): void;
  /** Generators of the benchmark scale seed, by kind (`{ objects: ... }`; see core/knobs.ts). */
  readonly scale?: Readonly<Record<string, ScaleSeeder>>;
  /** Adds the routes to an instance already scoped to `prefix`. */
  register(app: FastifyInstance, ctx: CloudContext): Promise<void>;
}

export const DEFAULT_REGION = 'RegionOne';
export const SECOND_REGION = 'RegionTwo';
export const INTERFACES = ['public', 'internal', 'admin'] as const;
