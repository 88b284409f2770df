import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  applicationCredentialCloudsYaml,
  applicationCredentialOpenrc,
  cloudName,
  identityUrl,
  shellQuote,
  userCloudsYaml,
  userOpenrc,
  yamlQuote,
  type UserRc,
} from './rcFiles';

const HOSTILE = `it's "quoted" $(touch /tmp/pwned) \`x\` \\ $HOME\nnext line\u2028é🙂`;

const rc = (overrides: Partial<UserRc> = {}): UserRc => ({
  authUrl: 'http://keystone.example:5000/v3',
  region: 'RegionOne',
  interface: 'public',
  username: 'demo',
  userDomainName: 'Default',
  projectId: 'p1',
  projectName: 'demo',
  projectDomainId: 'default',
  ...overrides,
});

/** Sources a file in bash (password from stdin) and prints the OS_ variables it exported. */
const sourced = (file: string, stdin = ''): Record<string, string> => {
  const dir = mkdtempSync(join(tmpdir(), 'rc-'));
  const path = join(dir, 'openrc.sh');
  writeFileSync(path, file);
  const out = execFileSync(
    'bash',
    ['-c', 'source "$RC" 2>/dev/null; env -0 | grep -z "^OS_" || true'],
    {
      input: stdin,
      env: { PATH: process.env['PATH'] ?? '', RC: path },
      encoding: 'utf8',
    },
  );
  rmSync(dir, { recursive: true });
  return Object.fromEntries(
    out
      .split('\0')
      .filter((line) => line !== '')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
};

describe('quoting', () => {
  it('a shell word is the value itself, whatever it holds', () => {
    const out = execFileSync('bash', ['-c', `printf %s ${shellQuote(HOSTILE)}`], {
      encoding: 'utf8',
    });
    expect(out).toBe(HOSTILE);
  });

  it('a YAML scalar is the value itself and stays on one line', () => {
    const quoted = yamlQuote(HOSTILE);
    expect(quoted).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(parse(`k: ${quoted}`)).toEqual({ k: HOSTILE });
  });

  it('a cloud name keeps safe characters only', () => {
    expect(cloudName('my cred/1')).toBe('my-cred-1');
    expect(cloudName('…')).toBe('openstack');
  });
});

describe('identityUrl', () => {
  const catalog = [
    {
      id: 's',
      type: 'identity',
      name: 'keystone',
      endpoints: [
        {
          id: '1',
          interface: 'internal',
          region: 'RegionOne',
          region_id: 'RegionOne',
          url: 'http://i/v3',
        },
        {
          id: '2',
          interface: 'public',
          region: 'RegionTwo',
          region_id: 'RegionTwo',
          url: 'http://two/v3',
        },
        {
          id: '3',
          interface: 'public',
          region: 'RegionOne',
          region_id: 'RegionOne',
          url: 'http://one/v3',
        },
      ],
    },
  ];
  it("takes the region's endpoint of the interface, else another region's, else the fallback", () => {
    expect(identityUrl(catalog, 'RegionOne', 'public', 'http://f')).toBe('http://one/v3');
    expect(identityUrl(catalog, 'RegionThree', 'public', 'http://f')).toBe('http://two/v3');
    expect(identityUrl([], 'RegionOne', 'public', 'http://f')).toBe('http://f');
  });
});

describe('user openrc', () => {
  it('exports the project, user and region, and reads the password silently', () => {
    const env = sourced(userOpenrc(rc()), 's3cret\n');
    expect(env).toEqual({
      OS_AUTH_URL: 'http://keystone.example:5000/v3',
      OS_PROJECT_ID: 'p1',
      OS_PROJECT_NAME: 'demo',
      OS_USER_DOMAIN_NAME: 'Default',
      OS_PROJECT_DOMAIN_ID: 'default',
      OS_USERNAME: 'demo',
      OS_PASSWORD: 's3cret',
      OS_REGION_NAME: 'RegionOne',
      OS_INTERFACE: 'public',
      OS_IDENTITY_API_VERSION: '3',
    });
    expect(userOpenrc(rc())).toContain('read -sr OS_PASSWORD');
  });

  it('a hostile project or user name is a value, not code', () => {
    const env = sourced(userOpenrc(rc({ projectName: HOSTILE, username: HOSTILE })), 'pw\n');
    expect(env['OS_PROJECT_NAME']).toBe(HOSTILE);
    expect(env['OS_USERNAME']).toBe(HOSTILE);
    expect(env['OS_PASSWORD']).toBe('pw');
  });

  it('a password with backslashes and spaces is read as typed', () => {
    expect(sourced(userOpenrc(rc()), ' a\\b c \n')['OS_PASSWORD']).toBe(' a\\b c ');
  });
});

describe('user clouds.yaml', () => {
  it('names the project and user, without a password', () => {
    const text = userCloudsYaml('openstack', rc({ projectName: HOSTILE }));
    expect(parse(text)).toEqual({
      clouds: {
        openstack: {
          auth: {
            auth_url: 'http://keystone.example:5000/v3',
            username: 'demo',
            user_domain_name: 'Default',
            project_id: 'p1',
            project_name: HOSTILE,
            project_domain_id: 'default',
          },
          region_name: 'RegionOne',
          interface: 'public',
          identity_api_version: 3,
        },
      },
    });
    expect(text).not.toMatch(/password/);
  });
});

describe('application credential files', () => {
  const cred = {
    authUrl: 'http://k/v3',
    region: '',
    interface: 'public',
    id: 'abc',
    secret: 's\'e"c',
  };

  it('openrc authenticates with the credential alone', () => {
    const env = sourced(applicationCredentialOpenrc(cred));
    expect(env).toEqual({
      OS_AUTH_TYPE: 'v3applicationcredential',
      OS_AUTH_URL: 'http://k/v3',
      OS_APPLICATION_CREDENTIAL_ID: 'abc',
      OS_APPLICATION_CREDENTIAL_SECRET: 's\'e"c',
      OS_INTERFACE: 'public',
      OS_IDENTITY_API_VERSION: '3',
    });
  });

  it('clouds.yaml has the v3applicationcredential auth type', () => {
    expect(parse(applicationCredentialCloudsYaml('ci', cred))).toEqual({
      clouds: {
        ci: {
          auth_type: 'v3applicationcredential',
          auth: {
            auth_url: 'http://k/v3',
            application_credential_id: 'abc',
            application_credential_secret: 's\'e"c',
          },
          interface: 'public',
          identity_api_version: 3,
        },
      },
    });
  });
});
