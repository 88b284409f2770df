import { capRange, chooseMicroversion, supportsMicroversion } from '../http/microversion';
import { createServiceHttp } from '../http/serviceHttp';
import { backupCalls } from './backups';
import { cinderLimitCalls } from './limits';
import {
  cinderAvailabilityZoneCalls,
  cinderExtensionCalls,
  cinderServiceCalls,
  qosSpecCalls,
} from './misc';
import { cinderQuotaSetCalls } from './quotaSets';
import { snapshotCalls } from './snapshots';
import { discoverVolumeRange } from './versions';
import { volumeCalls } from './volumes';
import { volumeTypeCalls } from './volumeTypes';
import type { MicroversionRange } from '../http/microversion';
import type { FetchLike } from '../http/request';
import type { BackupCalls } from './backups';
import type { CinderContext } from './context';
import type { CinderLimitCalls } from './limits';
import type {
  CinderAvailabilityZoneCalls,
  CinderExtensionCalls,
  CinderServiceCalls,
  QosSpecCalls,
} from './misc';
import type { CinderQuotaSetCalls } from './quotaSets';
import type { SnapshotCalls } from './snapshots';
import type { VolumeCalls } from './volumes';
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
  volumeTypes: VolumeTypeCalls;
  snapshots: SnapshotCalls;
  backups: BackupCalls;
  limits: CinderLimitCalls;
  quotaSets: CinderQuotaSetCalls;
  availabilityZones: CinderAvailabilityZoneCalls;
  extensions: CinderExtensionCalls;
  services: CinderServiceCalls;
  qosSpecs: QosSpecCalls;
}

export function createCinderClient(options: CinderClientOptions): CinderClient {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const http = createServiceHttp({
    service: 'volume',
    baseUrl: endpoint,
    token: options.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const range = async (): Promise<MicroversionRange> =>
    capRange(
      await discoverVolumeRange(endpoint, options.token, options.fetch),
      options.maxMicroversion,
    );

  const ctx: CinderContext = {
    http,
    async call<T>(
      wish: Parameters<CinderContext['call']>[0],
      request: Parameters<CinderContext['call']>[1],
    ): Promise<T> {
      const version = chooseMicroversion('volume', await range(), wish);
      const built = typeof request === 'function' ? request(version) : request;
      return http.json<T>({ ...built, microversion: { service: 'volume', version } });
    },
  };

  return {
    endpoint,
    microversion: range,
    supports: async (version) => supportsMicroversion(await range(), version),
    volumes: volumeCalls(ctx),
    volumeTypes: volumeTypeCalls(ctx),
    snapshots: snapshotCalls(ctx),
    backups: backupCalls(ctx),
    limits: cinderLimitCalls(ctx),
    quotaSets: cinderQuotaSetCalls(ctx),
    availabilityZones: cinderAvailabilityZoneCalls(ctx),
    extensions: cinderExtensionCalls(ctx),
    services: cinderServiceCalls(ctx),
    qosSpecs: qosSpecCalls(ctx),
  };
}
