import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Settings } from '@skydeck/contract';
import { createAjv, formatValidationErrors } from '../lib/validation';
import { readCloudsYaml } from './cloudsYaml';
import { ConfigError } from './configError';
import { readHeaderFile } from './headerFile';
import { ServerConfig, type CloudConfig } from './schema';
import { DEFAULT_SETTINGS, SETTING_NAMES } from './settings';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Glance's default image_size_cap. */
const TIB = 1099511627776;

export interface LoadConfigOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  homeDir?: string;
  /** Directory of the system-wide clouds.yaml, /etc/openstack by default. */
  systemCloudsDir?: string;
}

type Env = Record<string, string | undefined>;
type Doc = Record<string, unknown>;

const isRecord = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

const envText = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
};

const envInt = (env: Env, name: string): number | undefined => {
  const v = envText(env, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new ConfigError(`${name} must be a whole number, got '${v}'`);
  return Number(v);
};

const envNumber = (env: Env, name: string): number | undefined => {
  const v = envText(env, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(v)) throw new ConfigError(`${name} must be a number, got '${v}'`);
  return Number(v);
};

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

const parseBool = (name: string, v: string): boolean => {
  const lower = v.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  throw new ConfigError(`${name} must be true or false, got '${v}'`);
};

const envBool = (env: Env, name: string): boolean | undefined => {
  const v = envText(env, name);
  return v === undefined ? undefined : parseBool(name, v);
};

const envList = (env: Env, name: string): string[] | undefined => {
  const v = envText(env, name);
  if (v === undefined) return undefined;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
};

const section = (doc: Doc, key: string): Doc => {
  const v = doc[key];
  return isRecord(v) ? v : {};
};

const yamlList = (v: unknown): unknown =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : v;

/** 'https://a.example/' → 'https://a.example' (anything else is left to validation). */
const trailingSlashesOff = (v: unknown): unknown =>
  Array.isArray(v) ? v.map((o: unknown) => (typeof o === 'string' ? o.replace(/\/+$/, '') : o)) : v;

/** '/', 'dashboard', '/dashboard', '/dashboard/' → '/' or '/dashboard/'. */
export const normaliseWebroot = (value: string): string => {
  const trimmed = value.trim().replace(/\/{2,}/g, '/');
  if (trimmed.split('/').some((part) => part === '..' || part === '.')) {
    throw new ConfigError(`SKYDECK_WEBROOT must not contain '.' or '..' segments, got '${value}'`);
  }
  let out = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (!out.endsWith('/')) out += '/';
  return out;
};

const parseSecureCookies = (name: string, v: string): boolean | 'auto' =>
  v.toLowerCase() === 'auto' ? 'auto' : parseBool(name, v);

const parseTrustProxy = (v: string): boolean | number | string => {
  const lower = v.toLowerCase();
  if (TRUE.has(lower) && lower !== '1') return true;
  if (FALSE.has(lower) && lower !== '0') return false;
  // A number is a hop count; anything else is a list of addresses/CIDRs for proxy-addr.
  return /^\d+$/.test(v) ? Number(v) : v;
};

/** 'publicURL' (the old endpoint_type spelling) → 'public'. */
const normaliseInterface = (v: string | undefined): string =>
  (v ?? 'public').replace(/URL$/, '').toLowerCase();

const readConfigFile = (file: string): Doc => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`SKYDECK_CONFIG: cannot read ${file}: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    throw new ConfigError(`SKYDECK_CONFIG: ${file} is not valid YAML: ${(err as Error).message}`);
  }
  if (doc === null || doc === undefined) return {};
  if (!isRecord(doc)) throw new ConfigError(`SKYDECK_CONFIG: ${file} must hold a YAML mapping`);
  return doc;
};

/**
 * OS_CLOUD (+ clouds.yaml) wins over OS_AUTH_URL, as in openstacksdk; then the config file's
 * `cloud:` section; nothing → null, and server.ts runs the demo cloud.
 */
const resolveCloud = (
  env: Env,
  doc: Doc,
  at: { cwd: string; homeDir: string; systemDir: string },
): CloudConfig | null => {
  const fileCloud = section(doc, 'cloud');
  const cloudName = envText(env, 'OS_CLOUD') ?? (fileCloud.name as string | undefined);
  const regionOverride = envText(env, 'OS_REGION_NAME');
  if (cloudName) {
    const entry = readCloudsYaml(cloudName, { env, ...at });
    const cloud: CloudConfig = {
      authUrl: entry.authUrl,
      regions: regionOverride ? [regionOverride] : entry.regions,
      interface: normaliseInterface(
        envText(env, 'OS_INTERFACE') ?? entry.interface,
      ) as CloudConfig['interface'],
      source: `clouds.yaml ${entry.file}, cloud '${cloudName}'`,
    };
    const userDomain = envText(env, 'OS_USER_DOMAIN_NAME') ?? entry.userDomainName;
    if (userDomain) cloud.userDomainName = userDomain;
    if (entry.projectDomainName) cloud.projectDomainName = entry.projectDomainName;
    return cloud;
  }
  const authUrl = envText(env, 'OS_AUTH_URL');
  if (authUrl) {
    const cloud: CloudConfig = {
      authUrl,
      regions: regionOverride ? [regionOverride] : [],
      interface: normaliseInterface(envText(env, 'OS_INTERFACE')) as CloudConfig['interface'],
      source: 'OS_AUTH_URL',
    };
    const userDomain = envText(env, 'OS_USER_DOMAIN_NAME');
    if (userDomain) cloud.userDomainName = userDomain;
    const projectDomain = envText(env, 'OS_PROJECT_DOMAIN_NAME');
    if (projectDomain) cloud.projectDomainName = projectDomain;
    return cloud;
  }
  if (typeof fileCloud.auth_url === 'string') {
    const regions = yamlList(fileCloud.regions ?? fileCloud.region_name);
    const cloud: CloudConfig = {
      authUrl: fileCloud.auth_url,
      regions: Array.isArray(regions) ? (regions as string[]) : [],
      interface: normaliseInterface(
        fileCloud.interface as string | undefined,
      ) as CloudConfig['interface'],
      source: 'SKYDECK_CONFIG cloud.auth_url',
    };
    if (typeof fileCloud.user_domain_name === 'string') {
      cloud.userDomainName = fileCloud.user_domain_name;
    }
    if (typeof fileCloud.project_domain_name === 'string') {
      cloud.projectDomainName = fileCloud.project_domain_name;
    }
    return cloud;
  }
  return null;
};

const settingFromEnv = (name: keyof Settings, raw: string): unknown => {
  const envName = `SKYDECK_${name}`;
  const sample = DEFAULT_SETTINGS[name];
  if (typeof sample === 'number') {
    if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${envName} must be a whole number`);
    return Number(raw);
  }
  if (typeof sample === 'boolean') return parseBool(envName, raw);
  if (typeof sample === 'string') return raw;
  if (Array.isArray(sample) && !raw.startsWith('[')) {
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ConfigError(`${envName} must be JSON`);
  }
};

const mergeSettings = (env: Env, doc: Doc): Doc => {
  const out: Doc = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(section(doc, 'settings'))) {
    const upper = key.toUpperCase();
    if (!(SETTING_NAMES as string[]).includes(upper)) {
      throw new ConfigError(`SKYDECK_CONFIG: unknown setting '${key}'`);
    }
    out[upper] = value;
  }
  for (const name of SETTING_NAMES) {
    const raw = envText(env, `SKYDECK_${name}`);
    if (raw !== undefined) out[name] = settingFromEnv(name, raw);
  }
  return out;
};

/** Where each config field is set, for error messages. */
const SOURCES: Record<string, string> = {
  host: 'HOST',
  port: 'PORT',
  webroot: 'SKYDECK_WEBROOT',
  webDist: 'SKYDECK_WEB_DIST',
  logLevel: 'SKYDECK_LOG_LEVEL',
  'session.store': 'SKYDECK_SESSION_STORE',
  'session.timeout': 'SKYDECK_SESSION_TIMEOUT',
  'session.redisUrl': 'SKYDECK_REDIS_URL',
  'login.maxFailuresPerUser': 'SKYDECK_LOGIN_MAX_FAILURES_PER_USER',
  'login.maxFailuresPerAddress': 'SKYDECK_LOGIN_MAX_FAILURES_PER_IP',
  'login.failureWindow': 'SKYDECK_LOGIN_FAILURE_WINDOW',
  'login.maxDelay': 'SKYDECK_LOGIN_MAX_DELAY',
  csrfTrustedOrigins: 'SKYDECK_CSRF_TRUSTED_ORIGINS',
  secureCookies: 'SKYDECK_SECURE_COOKIES',
  trustProxy: 'SKYDECK_TRUST_PROXY',
  'policy.enforceNewDefaults': 'SKYDECK_POLICY_ENFORCE_NEW_DEFAULTS',
  'policy.overridesDir': 'SKYDECK_POLICY_OVERRIDES_DIR',
  defaultDomain: 'SKYDECK_DEFAULT_DOMAIN',
  multidomain: 'SKYDECK_MULTIDOMAIN',
  authTypes: 'SKYDECK_AUTH_TYPES',
  'cloud.authUrl': 'OS_AUTH_URL or auth.auth_url in clouds.yaml',
  'cloud.regions': 'SKYDECK_REGIONS / OS_REGION_NAME',
  'cloud.interface': 'OS_INTERFACE',
  'demoCloud.dataDir': 'DEMO_CLOUD_DATA_DIR',
  'demoCloud.port': 'DEMO_CLOUD_PORT',
  maxUploadBytes: 'SKYDECK_MAX_UPLOAD_BYTES',
  swiftSegmentBytes: 'SKYDECK_SWIFT_SEGMENT_BYTES',
  upstreamTimeout: 'SKYDECK_UPSTREAM_TIMEOUT',
  metrics: 'SKYDECK_METRICS',
};

const validator = createAjv(false).compile(ServerConfig);

const validate = (raw: Doc): ServerConfig => {
  if (validator(raw)) return raw as ServerConfig;
  const errors = validator.errors ?? [];
  const path = (errors[0]?.instancePath ?? '').split('/').filter(Boolean);
  const dotted = path.join('.');
  let source = SOURCES[dotted] ?? SOURCES[path.slice(0, 2).join('.')] ?? SOURCES[path[0] ?? ''];
  if (!source && path[0] === 'settings' && path[1]) source = `SKYDECK_${path[1]}`;
  const message = formatValidationErrors(errors, 'config');
  throw new ConfigError(`Invalid configuration: ${message}${source ? ` (set by ${source})` : ''}`);
};

/**
 * Reads the server configuration from the environment and the optional SKYDECK_CONFIG YAML file
 * (environment wins), and validates it. Throws ConfigError with a message naming the variable.
 */
export const loadConfig = (options: LoadConfigOptions = {}): ServerConfig => {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const homeDir = options.homeDir ?? homedir();
  const systemDir = options.systemCloudsDir ?? '/etc/openstack';

  const configFile = envText(env, 'SKYDECK_CONFIG');
  const doc = configFile ? readConfigFile(resolve(cwd, configFile)) : {};
  const session = section(doc, 'session');
  const login = section(doc, 'login');
  const policy = section(doc, 'policy');
  const demo = section(doc, 'demo_cloud');

  const cloud = resolveCloud(env, doc, { cwd, homeDir, systemDir });
  const regions =
    envList(env, 'SKYDECK_REGIONS') ?? (yamlList(doc.regions) as string[] | undefined);
  if (cloud && regions) cloud.regions = regions;

  const secureEnv = envText(env, 'SKYDECK_SECURE_COOKIES');
  const trustEnv = envText(env, 'SKYDECK_TRUST_PROXY');
  const webroot = envText(env, 'SKYDECK_WEBROOT') ?? doc.webroot;
  const webDist = envText(env, 'SKYDECK_WEB_DIST') ?? doc.web_dist;
  const dataDir = envText(env, 'DEMO_CLOUD_DATA_DIR') ?? demo.data_dir;
  const overridesDir = envText(env, 'SKYDECK_POLICY_OVERRIDES_DIR') ?? policy.overrides_dir;
  const headerFile = envText(env, 'SKYDECK_HEADER_FILE') ?? doc.header_file;
  if (headerFile !== undefined && typeof headerFile !== 'string') {
    throw new ConfigError('SKYDECK_CONFIG: header_file must be a file name');
  }

  const raw: Doc = {
    host: envText(env, 'HOST') ?? doc.host ?? '127.0.0.1',
    port: envInt(env, 'PORT') ?? doc.port ?? 9000,
    webroot: typeof webroot === 'string' ? normaliseWebroot(webroot) : (webroot ?? '/'),
    webDist: typeof webDist === 'string' ? resolve(cwd, webDist) : join(REPO_ROOT, 'web', 'dist'),
    logLevel: envText(env, 'SKYDECK_LOG_LEVEL') ?? doc.log_level ?? 'info',
    session: {
      store: envText(env, 'SKYDECK_SESSION_STORE') ?? session.store ?? 'memory',
      timeout: envInt(env, 'SKYDECK_SESSION_TIMEOUT') ?? session.timeout ?? 3600,
      redisUrl: envText(env, 'SKYDECK_REDIS_URL') ?? session.redis_url ?? 'redis://127.0.0.1:6379',
    },
    login: {
      maxFailuresPerUser:
        envInt(env, 'SKYDECK_LOGIN_MAX_FAILURES_PER_USER') ?? login.max_failures_per_user ?? 10,
      maxFailuresPerAddress:
        envInt(env, 'SKYDECK_LOGIN_MAX_FAILURES_PER_IP') ?? login.max_failures_per_ip ?? 100,
      failureWindow: envInt(env, 'SKYDECK_LOGIN_FAILURE_WINDOW') ?? login.failure_window ?? 900,
      maxDelay: envInt(env, 'SKYDECK_LOGIN_MAX_DELAY') ?? login.max_delay ?? 8,
    },
    csrfTrustedOrigins: trailingSlashesOff(
      envList(env, 'SKYDECK_CSRF_TRUSTED_ORIGINS') ?? yamlList(doc.csrf_trusted_origins) ?? [],
    ),
    secureCookies:
      secureEnv !== undefined
        ? parseSecureCookies('SKYDECK_SECURE_COOKIES', secureEnv)
        : (doc.secure_cookies ?? 'auto'),
    trustProxy: trustEnv !== undefined ? parseTrustProxy(trustEnv) : (doc.trust_proxy ?? false),
    policy: {
      enforceNewDefaults:
        envBool(env, 'SKYDECK_POLICY_ENFORCE_NEW_DEFAULTS') ?? policy.enforce_new_defaults ?? true,
      ...(typeof overridesDir === 'string' ? { overridesDir: resolve(cwd, overridesDir) } : {}),
    },
    defaultDomain:
      envText(env, 'SKYDECK_DEFAULT_DOMAIN') ??
      doc.default_domain ??
      cloud?.userDomainName ??
      'Default',
    multidomain: envBool(env, 'SKYDECK_MULTIDOMAIN') ?? doc.multidomain ?? false,
    authTypes: envList(env, 'SKYDECK_AUTH_TYPES') ?? yamlList(doc.auth_types) ?? ['credentials'],
    cloud,
    demoCloud: {
      dataDir:
        typeof dataDir === 'string'
          ? resolve(cwd, dataDir)
          : join(REPO_ROOT, '.data', 'demo-cloud'),
      port: envInt(env, 'DEMO_CLOUD_PORT') ?? demo.port ?? 0,
    },
    maxUploadBytes: envInt(env, 'SKYDECK_MAX_UPLOAD_BYTES') ?? doc.max_upload_bytes ?? TIB,
    swiftSegmentBytes:
      envInt(env, 'SKYDECK_SWIFT_SEGMENT_BYTES') ?? doc.swift_segment_bytes ?? 1024 ** 3,
    upstreamTimeout: envNumber(env, 'SKYDECK_UPSTREAM_TIMEOUT') ?? doc.upstream_timeout ?? 30,
    metrics: envBool(env, 'SKYDECK_METRICS') ?? doc.metrics ?? false,
    settings: mergeSettings(env, doc),
    ...(headerFile ? { header: readHeaderFile(resolve(cwd, headerFile)) } : {}),
  };
  return validate(raw);
};
