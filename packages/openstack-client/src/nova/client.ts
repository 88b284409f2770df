import { createMicroversioned } from '../http/microversioned';
import { aggregateCalls } from './aggregates';
import { availabilityZoneCalls } from './availabilityZones';
import { extensionCalls } from './extensions';
import { flavorCalls } from './flavors';
import { hypervisorCalls } from './hypervisors';
import { keypairCalls } from './keypairs';
import { limitCalls } from './limits';
import { serverGroupCalls } from './serverGroups';
import { serverCalls } from './servers';
import { serverCreateCalls, type ServerCreateCalls } from './serverCreate';
import { serverActionCalls } from './serverActions';
import { serviceCalls } from './services';
import { novaQuotaDefaultCalls } from './quotaDefaults';
import { serverLogCalls } from './serverLog';
import { volumeAttachmentCalls } from './volumeAttachments';
import { usageCalls } from './usage';
import { discoverComputeRange, isLegacyRange } from './versions';
import type { MicroversionRange } from '../http/microversion';
import type { FetchLike } from '../http/request';
import type { AggregateCalls } from './aggregates';
import type { AvailabilityZoneCalls } from './availabilityZones';
import type { ExtensionCalls } from './extensions';
import type { FlavorCalls } from './flavors';
import type { HypervisorCalls } from './hypervisors';
import type { KeypairCalls } from './keypairs';
import type { LimitCalls } from './limits';
import type { ServerGroupCalls } from './serverGroups';
import type { ServerCalls } from './servers';
import type { ServerActionCalls } from './serverActions';
import type { ServiceCalls } from './services';
import type { NovaQuotaDefaultCalls } from './quotaDefaults';
import type { ServerLogCalls } from './serverLog';
import type { VolumeAttachmentCalls } from './volumeAttachments';
import type { UsageCalls } from './usage';

export interface NovaClientOptions {
  /** The compute endpoint from the catalog, e.g. `http://host/compute/v2.1`. */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  /** Never ask for more than this, whatever the server offers (pin for a known-good version). */
  maxMicroversion?: string;
  timeoutMs?: number;
}

export interface NovaClient {
  readonly endpoint: string;
  /** The usable range: the server's, with its top lowered to `maxMicroversion`. */
  microversion(): Promise<MicroversionRange>;
  supports(version: string): Promise<boolean>;
  flavors: FlavorCalls;
  keypairs: KeypairCalls;
  serverGroups: ServerGroupCalls;
  servers: ServerCalls;
  serverCreate: ServerCreateCalls;
  serverActions: ServerActionCalls;
  serverLog: ServerLogCalls;
  volumeAttachments: VolumeAttachmentCalls;
  limits: LimitCalls;
  extensions: ExtensionCalls;
  availabilityZones: AvailabilityZoneCalls;
  aggregates: AggregateCalls;
  hypervisors: HypervisorCalls;
  services: ServiceCalls;
  quotaDefaults: NovaQuotaDefaultCalls;
  /** Simple tenant usage (overview and usage pages). */
  usage: UsageCalls;
}

export function createNovaClient(options: NovaClientOptions): NovaClient {
  const versioned = createMicroversioned({
    ...options,
    service: 'compute',
    discover: discoverComputeRange,
    unversioned: isLegacyRange,
  });
  const ctx = versioned.context;

  return {
    endpoint: versioned.endpoint,
    microversion: versioned.range,
    supports: versioned.supports,
    flavors: flavorCalls(ctx),
    keypairs: keypairCalls(ctx),
    serverGroups: serverGroupCalls(ctx),
    servers: serverCalls(ctx),
    serverCreate: serverCreateCalls(ctx),
    serverActions: serverActionCalls(ctx),
    serverLog: serverLogCalls(ctx),
    volumeAttachments: volumeAttachmentCalls(ctx),
    limits: limitCalls(ctx),
    extensions: extensionCalls(ctx),
    availabilityZones: availabilityZoneCalls(ctx),
    aggregates: aggregateCalls(ctx),
    hypervisors: hypervisorCalls(ctx),
    services: serviceCalls(ctx),
    quotaDefaults: novaQuotaDefaultCalls(ctx),
    usage: usageCalls(ctx),
  };
}
