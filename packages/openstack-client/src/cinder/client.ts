import { createMicroversioned } from '../http/microversioned';
import { backupCalls } from './backups';
import { cinderLimitCalls } from './limits';
import {
  cinderAvailabilityZoneCalls,
  cinderExtensionCalls,
  cinderPoolCalls,
  cinderServiceCalls,
  qosSpecCalls,
} from './misc';
import { cinderQuotaSetCalls } from './quotaSets';
import { snapshotCalls } from './snapshots';
import { discoverVolumeRange } from './versions';
import { volumeCalls } from './volumes';
import { transferCalls, volumeActionCalls } from './volumeActions';
import { volumeTypeCalls } from './volumeTypes';
import type { MicroversionRange } from '../http/microversion';
import type { FetchLike } from '../http/request';
import type { BackupCalls } from './backups';
import type { CinderLimitCalls } from './limits';
import type {
  CinderAvailabilityZoneCalls,
  CinderExtensionCalls,
  CinderPoolCalls,
  CinderServiceCalls,
  QosSpecCalls,
} from './misc';
import type { CinderQuotaSetCalls } from './quotaSets';
import type { SnapshotCalls } from './snapshots';
import type { VolumeCalls } from './volumes';
import type { TransferCalls, VolumeActionCalls } from './volumeActions';
import type { VolumeTypeCalls } from './volumeTypes';

export interface CinderClientOptions {
  /** The block-storage v3 endpoint from the catalog, e.g. `http://host/volume/v3/<project>`. */
  endpoint: string;
  token: string;
  fetch?: FetchLike;
  /** Never ask for more than this, whatever the server offers. */
  maxMicroversion?: string;
  timeoutMs?: number;
}

export interface CinderClient {
  readonly endpoint: string;
  /** The usable range: the server's, with its top lowered to `maxMicroversion`. */
  microversion(): Promise<MicroversionRange>;
  supports(version: string): Promise<boolean>;
  volumes: VolumeCalls;
  volumeActions: VolumeActionCalls;
  transfers: TransferCalls;
  volumeTypes: VolumeTypeCalls;
  snapshots: SnapshotCalls;
  backups: BackupCalls;
  limits: CinderLimitCalls;
  quotaSets: CinderQuotaSetCalls;
  availabilityZones: CinderAvailabilityZoneCalls;
  extensions: CinderExtensionCalls;
  services: CinderServiceCalls;
  pools: CinderPoolCalls;
  qosSpecs: QosSpecCalls;
}

export function createCinderClient(options: CinderClientOptions): CinderClient {
  const versioned = createMicroversioned({
    ...options,
    service: 'volume',
    discover: discoverVolumeRange,
  });
  const ctx = versioned.context;

  return {
    endpoint: versioned.endpoint,
    microversion: versioned.range,
    supports: versioned.supports,
    volumes: volumeCalls(ctx),
    volumeActions: volumeActionCalls(ctx),
    transfers: transferCalls(ctx),
    volumeTypes: volumeTypeCalls(ctx),
    snapshots: snapshotCalls(ctx),
    backups: backupCalls(ctx),
    limits: cinderLimitCalls(ctx),
    quotaSets: cinderQuotaSetCalls(ctx),
    availabilityZones: cinderAvailabilityZoneCalls(ctx),
    extensions: cinderExtensionCalls(ctx),
    services: cinderServiceCalls(ctx),
    pools: cinderPoolCalls(ctx),
    qosSpecs: qosSpecCalls(ctx),
  };
}
