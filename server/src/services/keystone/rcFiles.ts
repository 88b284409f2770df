import type { CatalogService } from '@skydeck/contract';

/**
 * The openrc and clouds.yaml files users take to the `openstack` CLI. Every value comes from
 * Keystone or the user (a project may be called `a'b"$(rm -rf ~)` or hold a newline), so each is
 * quoted for its file and never written where quoting does not apply (a comment line).
 */

/** A bash word that is exactly `value`: single quotes, each `'` closed, escaped and reopened. */
export const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * A YAML double-quoted scalar that is exactly `value`. Everything outside printable ASCII is an
 * escape, so no reader (YAML 1.1's PyYAML folds U+2028 as a line break) sees a line end in it.
 */
export const yamlQuote = (value: string): string => {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
};

/** A clouds.yaml key and `--os-cloud` argument made of the name's safe characters. */
export const cloudName = (name: string, fallback = 'openstack'): string => {
  const safe = name
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 64);
  return safe === '' ? fallback : safe;
};

/** A file name for Content-Disposition made of the name's safe characters. */
export const fileStem = (name: string): string => cloudName(name, 'openstack');

/**
 * The cloud's public Keystone endpoint as users reach it: the catalog's identity endpoint of
 * the interface in use (the region's, else any region's), else the configured auth URL.
 */
export const identityUrl = (
  catalog: readonly CatalogService[],
  region: string,
  endpointInterface: string,
  fallback: string,
): string => {
  const endpoints = catalog
    .filter((service) => service.type === 'identity')
    .flatMap((service) => service.endpoints)
    .filter((endpoint) => endpoint.interface === endpointInterface);
  const found =
    endpoints.find((endpoint) => endpoint.region === region || endpoint.region_id === region) ??
    endpoints[0];
  return found?.url ?? fallback;
};

export interface RcTarget {
  authUrl: string;
  /** The services region; '' leaves OS_REGION_NAME out. */
  region: string;
  interface: string;
}

export interface UserRc extends RcTarget {
  username: string;
  userDomainName: string;
  projectId: string;
  projectName: string;
  projectDomainId: string;
}

export interface ApplicationCredentialRc extends RcTarget {
  id: string;
  secret: string;
}

const exportLine = (name: string, value: string): string => `export ${name}=${shellQuote(value)}`;

/** `export NAME=value` lines, in the order the variables are given. */
const exportLines = (variables: Readonly<Record<string, string>>): string[] =>
  Object.entries(variables).map(([name, value]) => exportLine(name, value));

const HEADER = [
  '#!/usr/bin/env bash',
  '# Load into the current shell with `source <this file>`; the openstack CLI then uses it.',
];

const targetLines = (target: RcTarget): string[] => [
  ...(target.region === ''
    ? ['unset OS_REGION_NAME']
    : [exportLine('OS_REGION_NAME', target.region)]),
  exportLine('OS_INTERFACE', target.interface),
  'export OS_IDENTITY_API_VERSION=3',
];

/** An openrc of either kind: the header, the credential's own lines, the target's settings. */
const openrcFile = (target: RcTarget, credentialLines: readonly string[]): string =>
  [...HEADER, ...credentialLines, ...targetLines(target), ''].join('\n');

const targetYaml = (target: RcTarget): string[] => [
  ...(target.region === '' ? [] : [`    region_name: ${yamlQuote(target.region)}`]),
  `    interface: ${yamlQuote(target.interface)}`,
  '    identity_api_version: 3',
];

/**
 * A clouds.yaml of either kind, with one cloud `name`: its auth_type when not the default
 * password, its auth entries after auth_url, then the target's settings.
 */
const cloudsYamlFile = (
  name: string,
  target: RcTarget,
  auth: Readonly<Record<string, string>>,
  authType?: string,
): string =>
  [
    'clouds:',
    `  ${yamlQuote(name)}:`,
    ...(authType === undefined ? [] : [`    auth_type: ${yamlQuote(authType)}`]),
    '    auth:',
    ...Object.entries({ auth_url: target.authUrl, ...auth }).map(
      ([key, value]) => `      ${key}: ${yamlQuote(value)}`,
    ),
    ...targetYaml(target),
    '',
  ].join('\n');

/** openrc (v3) for a user and project; the password is read from the terminal when sourced. */
export const userOpenrc = (rc: UserRc): string =>
  openrcFile(rc, [
    '# It asks for your password, which is kept only in this shell.',
    'unset OS_AUTH_TYPE OS_TOKEN OS_CLOUD OS_TENANT_ID OS_TENANT_NAME',
    'unset OS_APPLICATION_CREDENTIAL_ID OS_APPLICATION_CREDENTIAL_NAME OS_APPLICATION_CREDENTIAL_SECRET',
    ...exportLines({
      OS_AUTH_URL: rc.authUrl,
      OS_PROJECT_ID: rc.projectId,
      OS_PROJECT_NAME: rc.projectName,
      OS_USER_DOMAIN_NAME: rc.userDomainName,
      OS_PROJECT_DOMAIN_ID: rc.projectDomainId,
      OS_USERNAME: rc.username,
    }),
    `printf 'OpenStack password of %s (project %s): ' "$OS_USERNAME" "$OS_PROJECT_NAME" >&2`,
    // IFS= keeps spaces at either end of the password; -r keeps backslashes.
    'IFS= read -sr OS_PASSWORD',
    'printf "\\n" >&2',
    'export OS_PASSWORD',
  ]);

/** clouds.yaml for a user and project; no password: the CLI asks, or the user adds one. */
export const userCloudsYaml = (name: string, rc: UserRc): string =>
  cloudsYamlFile(name, rc, {
    username: rc.username,
    user_domain_name: rc.userDomainName,
    project_id: rc.projectId,
    project_name: rc.projectName,
    project_domain_id: rc.projectDomainId,
  });

/** openrc for an application credential: sourced as it is, no question asked. */
export const applicationCredentialOpenrc = (rc: ApplicationCredentialRc): string =>
  openrcFile(rc, [
    '# It holds a secret: keep it private.',
    // Project and user settings of an earlier openrc would conflict with the credential's own.
    'unset OS_TOKEN OS_CLOUD OS_TENANT_ID OS_TENANT_NAME OS_PROJECT_ID OS_PROJECT_NAME',
    'unset OS_PROJECT_DOMAIN_ID OS_PROJECT_DOMAIN_NAME OS_USER_DOMAIN_ID OS_USER_DOMAIN_NAME',
    'unset OS_USERNAME OS_USER_ID OS_PASSWORD OS_APPLICATION_CREDENTIAL_NAME',
    'export OS_AUTH_TYPE=v3applicationcredential',
    ...exportLines({
      OS_AUTH_URL: rc.authUrl,
      OS_APPLICATION_CREDENTIAL_ID: rc.id,
      OS_APPLICATION_CREDENTIAL_SECRET: rc.secret,
    }),
  ]);

/** clouds.yaml for an application credential, usable with `--os-cloud <name>` as it is. */
export const applicationCredentialCloudsYaml = (
  name: string,
  rc: ApplicationCredentialRc,
): string =>
  cloudsYamlFile(
    name,
    rc,
    { application_credential_id: rc.id, application_credential_secret: rc.secret },
    'v3applicationcredential',
  );
