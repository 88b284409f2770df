import type { KnobOptions } from './core/knobs';

/** Also the test knobs: `latency`, `faults`, `switchedOff`, `scale` (core/knobs.ts). */
export interface DemoCloudOptions extends KnobOptions {
  /** Directory holding `demo-cloud.sqlite`; created when missing. */
  readonly dataDir: string;
  /** Wipe all state and seed afresh. */
  readonly reset?: boolean;
  /** oslo.policy enforce_new_defaults; default from DEMO_CLOUD_ENFORCE_NEW_DEFAULTS, else true. */
  readonly enforceNewDefaults?: boolean;
  /** Fastify request logging. */
  readonly logger?: boolean;
  /** Token lifetime (Keystone's [token] expiration); default 3600. */
  readonly tokenLifetimeSeconds?: number;
  /** Fixed public base URL for catalog endpoints; by default the bound address, or the request's Host. */
  readonly publicUrl?: string;
  /**
   * Multiplier of the nominal durations of status transitions (a server's BUILD → ACTIVE takes
   * about 3 s at 1); 0 makes them due at the next request. Default from
   * DEMO_CLOUD_LIFECYCLE_SCALE, else 1.
   */
  readonly lifecycleScale?: number;
  /** Glance's `image_size_cap` in bytes (uploads beyond it get 413); default 1 TiB as glance. */
  readonly imageSizeCap?: number;
}

export interface StartDemoCloudOptions extends DemoCloudOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
}

export interface RunningDemoCloud {
  /** Base URL, e.g. `http://127.0.0.1:5000`. */
  readonly url: string;
  /** Keystone v3 auth URL, `<url>/identity/v3`. */
  readonly authUrl: string;
  close(): Promise<void>;
}

const parseFlag = (value: string | undefined): boolean | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
};

export const defaultLifecycleScale = (): number => {
  const raw = process.env['DEMO_CLOUD_LIFECYCLE_SCALE'];
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : 1;
};

export const defaultEnforceNewDefaults = (): boolean =>
  parseFlag(process.env['DEMO_CLOUD_ENFORCE_NEW_DEFAULTS']) ?? true;
