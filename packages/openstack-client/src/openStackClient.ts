import { findEndpoint } from './http/catalog';
import { ServiceUnavailableError } from './http/errors';
import { createCinderClient } from './cinder/client';
import { createGlanceClient } from './glance/client';
import { createKeystoneClient } from './keystone/client';
import { createApplicationCredentialClient } from './keystone/applicationCredentials';
import { createNovaClient } from './nova/client';
import { createNeutronClient } from './neutron/client';
import { createSwiftClient } from './swift/client';
import { createHeatClient } from './heat/client';
import type { HeatClient } from './heat/client';
import type { CinderClient } from './cinder/client';
import type { GlanceClient } from './glance/client';
import type { FetchLike } from './http/request';
import type { KeystoneClient } from './keystone/client';
import type { ApplicationCredentialClient } from './keystone/applicationCredentials';
import type { CatalogEntry, EndpointInterface } from './keystone/types';
import type { NovaClient } from './nova/client';
import type { NeutronClient } from './neutron/client';
import type { SwiftClient } from './swift/client';

export interface OpenStackClientOptions {
  authUrl: string;
  token: string;
  /** The token's catalog (`TokenBody.catalog`). */
  catalog: readonly CatalogEntry[];
  region: string;
  /** Default `public`. */
  interface?: EndpointInterface;
  /** Fills `%(tenant_id)s`-style placeholders in catalog URLs (the token's project). */
  projectId?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Cap for Nova microversions (see createNovaClient). */
  novaMaxMicroversion?: string;
  /** Cap for Cinder microversions (see createCinderClient). */
  cinderMaxMicroversion?: string;
}

export interface OpenStackClient {
  readonly keystone: KeystoneClient;
  /** The token's user's own application credentials (Keystone). */
  readonly applicationCredentials: ApplicationCredentialClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no compute. */
  readonly nova: NovaClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no image service. */
  readonly glance: GlanceClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no block storage. */
  readonly cinder: CinderClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no network service. */
  readonly neutron: NeutronClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no object store. */
  readonly swift: SwiftClient;
  /** Built on first use; throws ServiceUnavailableError when the region has no orchestration. */
  readonly heat: HeatClient;
  /** The endpoint URL of a service type in the client's region and interface. */
  endpointFor(type: string): string;
  hasService(type: string): boolean;
}

/** One user's view of one region: the per-request object a BFF hands its route handlers. */
export function createOpenStackClient(options: OpenStackClientOptions): OpenStackClient {
  const lookup = (type: string): string | undefined =>
    findEndpoint(options.catalog, {
      type,
      region: options.region,
      interface: options.interface ?? 'public',
      projectId: options.projectId,
    })?.url;
  const endpointFor = (type: string): string => {
    const url = lookup(type);
    if (url === undefined) throw new ServiceUnavailableError(type, options.region);
    return url;
  };

  let keystone: KeystoneClient | undefined;
  let applicationCredentials: ApplicationCredentialClient | undefined;
  let nova: NovaClient | undefined;
  let glance: GlanceClient | undefined;
  let cinder: CinderClient | undefined;
  let neutron: NeutronClient | undefined;
  let swift: SwiftClient | undefined;
  let heat: HeatClient | undefined;
  return {
    get keystone(): KeystoneClient {
      keystone ??= createKeystoneClient({
        authUrl: options.authUrl,
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return keystone;
    },
    get applicationCredentials(): ApplicationCredentialClient {
      applicationCredentials ??= createApplicationCredentialClient({
        authUrl: options.authUrl,
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return applicationCredentials;
    },
    get nova(): NovaClient {
      nova ??= createNovaClient({
        endpoint: endpointFor('compute'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        maxMicroversion: options.novaMaxMicroversion,
      });
      return nova;
    },
    get glance(): GlanceClient {
      glance ??= createGlanceClient({
        endpoint: endpointFor('image'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return glance;
    },
    get cinder(): CinderClient {
      cinder ??= createCinderClient({
        // The v3 API under any of its catalog names (block-storage, volumev3, volume).
        endpoint: endpointFor('block-storage'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        maxMicroversion: options.cinderMaxMicroversion,
      });
      return cinder;
    },
    get neutron(): NeutronClient {
      neutron ??= createNeutronClient({
        endpoint: endpointFor('network'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return neutron;
    },
    get swift(): SwiftClient {
      swift ??= createSwiftClient({
        endpoint: endpointFor('object-store'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return swift;
    },
    get heat(): HeatClient {
      heat ??= createHeatClient({
        endpoint: endpointFor('orchestration'),
        token: options.token,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      return heat;
    },
    endpointFor,
    hasService: (type) => lookup(type) !== undefined,
  };
}
