import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { ConfigError } from './configError';

export interface CloudsYamlLocations {
  env: Record<string, string | undefined>;
  cwd: string;
  homeDir: string;
  /** /etc/openstack unless a test points elsewhere. */
  systemDir: string;
}

/** The search order of openstacksdk / python-openstackclient; the first file found is used. */
export const cloudsYamlCandidates = (at: CloudsYamlLocations): string[] => {
  const candidates: string[] = [];
  const explicit = at.env.OS_CLIENT_CONFIG_FILE;
  if (explicit) candidates.push(resolve(at.cwd, explicit));
  candidates.push(
    join(at.cwd, 'clouds.yaml'),
    join(at.homeDir, '.config', 'openstack', 'clouds.yaml'),
    join(at.systemDir, 'clouds.yaml'),
  );
  return candidates;
};

/** The parts of a clouds.yaml entry Skydeck uses. Credentials in it are ignored on purpose. */
export interface CloudEntry {
  file: string;
  authUrl: string;
  regions: string[];
  interface?: string;
  userDomainName?: string;
  projectDomainName?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

const regionsOf = (cloud: Record<string, unknown>): string[] => {
  const out: string[] = [];
  const single = text(cloud.region_name);
  if (single) out.push(single);
  if (Array.isArray(cloud.regions)) {
    for (const r of cloud.regions) {
      const name = isRecord(r) ? text(r.name) : text(r);
      if (name && !out.includes(name)) out.push(name);
    }
  }
  return out;
};

/** Reads cloud `name` from the first clouds.yaml found; fails with a message naming the file. */
export const readCloudsYaml = (name: string, at: CloudsYamlLocations): CloudEntry => {
  const candidates = cloudsYamlCandidates(at);
  const file = candidates.find((f) => existsSync(f));
  if (!file) {
    throw new ConfigError(
      `OS_CLOUD is '${name}' but no clouds.yaml was found (looked in ${candidates.join(', ')})`,
    );
  }
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${file} is not valid YAML: ${(err as Error).message}`);
  }
  const clouds = isRecord(doc) && isRecord(doc.clouds) ? doc.clouds : undefined;
  const cloud = clouds?.[name];
  if (!isRecord(cloud)) {
    const known = clouds ? Object.keys(clouds).join(', ') : '';
    throw new ConfigError(
      `Cloud '${name}' is not defined in ${file}${known ? ` (defined: ${known})` : ''}`,
    );
  }
  const auth = isRecord(cloud.auth) ? cloud.auth : {};
  const authUrl = text(auth.auth_url);
  if (!authUrl) throw new ConfigError(`Cloud '${name}' in ${file} has no auth.auth_url`);
  const entry: CloudEntry = { file, authUrl, regions: regionsOf(cloud) };
  const iface = text(cloud.interface) ?? text(cloud.endpoint_type);
  if (iface) entry.interface = iface;
  const userDomain = text(auth.user_domain_name) ?? text(auth.domain_name);
  if (userDomain) entry.userDomainName = userDomain;
  const projectDomain = text(auth.project_domain_name);
  if (projectDomain) entry.projectDomainName = projectDomain;
  return entry;
};
