import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, normaliseWebroot, type LoadConfigOptions } from './loadConfig';

let dir: string;
let home: string;
let cwd: string;
let etc: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skydeck-config-'));
  home = join(dir, 'home');
  cwd = join(dir, 'cwd');
  etc = join(dir, 'etc');
  for (const d of [home, cwd, etc, join(home, '.config', 'openstack')]) {
    mkdirSync(d, { recursive: true });
  }
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const load = (env: Record<string, string>, extra: LoadConfigOptions = {}) =>
  loadConfig({ env, cwd, homeDir: home, systemCloudsDir: etc, ...extra });

const clouds = (name: string, authUrl: string, more = ''): string =>
  `clouds:\n  ${name}:\n    auth:\n      auth_url: ${authUrl}\n      username: someone\n      password: hunter2\n      user_domain_name: Users\n      project_domain_name: Projects\n${more}`;

describe('loadConfig defaults', () => {
  it('uses the documented defaults and no cloud', () => {
    const config = load({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 9000,
      webroot: '/',
      session: { store: 'memory', timeout: 3600, redisUrl: 'redis://127.0.0.1:6379' },
      secureCookies: 'auto',
      trustProxy: false,
      policy: { enforceNewDefaults: true },
      defaultDomain: 'Default',
      multidomain: false,
      authTypes: ['credentials'],
      cloud: null,
      demoCloud: { port: 0 },
    });
    expect(config.webDist.endsWith(join('web', 'dist'))).toBe(true);
    expect(config.demoCloud.dataDir.endsWith(join('.data', 'demo-cloud'))).toBe(true);
    expect(config.settings.AJAX_POLL_INTERVAL).toBe(2500);
    expect(config.settings.API_RESULT_PAGE_SIZE).toBe(20);
    expect(config.settings.TOAST_DELAY).toBe(3000);
    expect(config.settings.HORIZON_IMAGES_UPLOAD_MODE).toBe('legacy');
    expect(config.maxUploadBytes).toBe(1099511627776);
  });

  it('normalises the webroot', () => {
    expect(normaliseWebroot('dashboard')).toBe('/dashboard/');
    expect(normaliseWebroot('/dashboard')).toBe('/dashboard/');
    expect(normaliseWebroot('//a//b/')).toBe('/a/b/');
    expect(normaliseWebroot('/')).toBe('/');
    expect(load({ SKYDECK_WEBROOT: 'horizon' }).webroot).toBe('/horizon/');
    expect(() => load({ SKYDECK_WEBROOT: '/a/../b' })).toThrow(/SKYDECK_WEBROOT/);
  });
});

describe('loadConfig validation', () => {
  it('fails fast with the variable named', () => {
    expect(() => load({ PORT: 'abc' })).toThrow("PORT must be a whole number, got 'abc'");
    expect(() => load({ PORT: '70000' })).toThrow(
      'Invalid configuration: port must be at most 65535 (set by PORT)',
    );
    expect(() => load({ SKYDECK_MULTIDOMAIN: 'maybe' })).toThrow(
      "SKYDECK_MULTIDOMAIN must be true or false, got 'maybe'",
    );
    expect(() => load({ SKYDECK_SESSION_STORE: 'memcached' })).toThrow(
      /session\.store must be one of: 'memory', 'redis' \(set by SKYDECK_SESSION_STORE\)/,
    );
    expect(() => load({ SKYDECK_REDIS_URL: 'localhost:6379' })).toThrow(
      /session\.redisUrl .*\(set by SKYDECK_REDIS_URL\)/,
    );
    expect(() => load({ SKYDECK_HORIZON_IMAGES_UPLOAD_MODE: 'fast' })).toThrow(
      /HORIZON_IMAGES_UPLOAD_MODE must be one of: 'off', 'legacy', 'direct'/,
    );
    expect(() => load({ OS_AUTH_URL: 'keystone:5000' })).toThrow(/cloud\.authUrl/);
    expect(() => load({ SKYDECK_MAX_UPLOAD_BYTES: '-1' })).toThrow(
      /maxUploadBytes must be at least 0 \(set by SKYDECK_MAX_UPLOAD_BYTES\)/,
    );
    expect(load({ SKYDECK_MAX_UPLOAD_BYTES: '0' }).maxUploadBytes).toBe(0);
  });

  it('reads the upstream timeout in seconds and the metrics switch', () => {
    expect(load({}).upstreamTimeout).toBe(30);
    expect(load({}).metrics).toBe(false);
    expect(load({ SKYDECK_UPSTREAM_TIMEOUT: '2.5' }).upstreamTimeout).toBe(2.5);
    expect(load({ SKYDECK_METRICS: 'true' }).metrics).toBe(true);
    expect(() => load({ SKYDECK_UPSTREAM_TIMEOUT: 'soon' })).toThrow(
      "SKYDECK_UPSTREAM_TIMEOUT must be a number, got 'soon'",
    );
    expect(() => load({ SKYDECK_UPSTREAM_TIMEOUT: '0' })).toThrow(
      /upstreamTimeout .*\(set by SKYDECK_UPSTREAM_TIMEOUT\)/,
    );
  });

  it('creates images shared by default, never public (spec 2 §5)', () => {
    expect(load({}).settings.CREATE_IMAGE_DEFAULTS).toEqual({ image_visibility: 'shared' });
  });

  it('parses booleans, lists and settings from the environment', () => {
    const config = load({
      SKYDECK_MULTIDOMAIN: 'yes',
      SKYDECK_AUTH_TYPES: 'credentials, oidc',
      SKYDECK_SECURE_COOKIES: 'true',
      SKYDECK_TRUST_PROXY: '10.0.0.0/8',
      SKYDECK_POLICY_ENFORCE_NEW_DEFAULTS: 'false',
      SKYDECK_AJAX_POLL_INTERVAL: '5000',
      SKYDECK_IMAGES_ALLOW_LOCATION: 'true',
      SKYDECK_OPENSTACK_IMAGE_FORMATS: 'qcow2,raw',
      SKYDECK_CREATE_IMAGE_DEFAULTS: '{"image_visibility":"private"}',
    });
    expect(config.multidomain).toBe(true);
    expect(config.authTypes).toEqual(['credentials', 'oidc']);
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toBe('10.0.0.0/8');
    expect(config.policy.enforceNewDefaults).toBe(false);
    expect(config.settings.AJAX_POLL_INTERVAL).toBe(5000);
    expect(config.settings.IMAGES_ALLOW_LOCATION).toBe(true);
    expect(config.settings.OPENSTACK_IMAGE_FORMATS).toEqual(['qcow2', 'raw']);
    expect(config.settings.CREATE_IMAGE_DEFAULTS).toEqual({ image_visibility: 'private' });
  });
});

describe('SKYDECK_CONFIG file', () => {
  it('reads lower-case nested keys, and the environment wins', () => {
    const file = join(cwd, 'skydeck.yaml');
    writeFileSync(
      file,
      [
        'host: 0.0.0.0',
        'port: 8080',
        'webroot: /dash',
        'session:',
        '  timeout: 600',
        'policy:',
        '  overrides_dir: policies',
        'settings:',
        '  ajax_poll_interval: 4000',
        '  TOAST_DELAY: 100',
        'cloud:',
        '  auth_url: https://keystone.example.com/v3',
        '  regions: [East, West]',
      ].join('\n'),
    );
    const config = load({ SKYDECK_CONFIG: 'skydeck.yaml', PORT: '9999' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(9999);
    expect(config.webroot).toBe('/dash/');
    expect(config.session.timeout).toBe(600);
    expect(config.policy.overridesDir).toBe(join(cwd, 'policies'));
    expect(config.settings.AJAX_POLL_INTERVAL).toBe(4000);
    expect(config.settings.TOAST_DELAY).toBe(100);
    expect(config.cloud).toMatchObject({
      authUrl: 'https://keystone.example.com/v3',
      regions: ['East', 'West'],
      interface: 'public',
    });
  });

  it('reads the login throttle and the trusted origins from the file or the environment', () => {
    expect(load({}).login).toEqual({
      maxFailuresPerUser: 10,
      maxFailuresPerAddress: 100,
      failureWindow: 900,
      maxDelay: 8,
    });
    expect(load({}).csrfTrustedOrigins).toEqual([]);
    const file = join(cwd, 'skydeck.yaml');
    writeFileSync(
      file,
      [
        'login:',
        '  max_failures_per_user: 5',
        '  max_failures_per_ip: 0',
        '  failure_window: 60',
        '  max_delay: 2',
        'csrf_trusted_origins: [https://portal.example.com/]',
      ].join('\n'),
    );
    const fromFile = load({ SKYDECK_CONFIG: 'skydeck.yaml', SKYDECK_LOGIN_MAX_DELAY: '0' });
    expect(fromFile.login).toEqual({
      maxFailuresPerUser: 5,
      maxFailuresPerAddress: 0,
      failureWindow: 60,
      maxDelay: 0,
    });
    expect(fromFile.csrfTrustedOrigins).toEqual(['https://portal.example.com']);
    expect(
      load({ SKYDECK_CSRF_TRUSTED_ORIGINS: 'https://a.example, http://b.example:8080' })
        .csrfTrustedOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => load({ SKYDECK_CSRF_TRUSTED_ORIGINS: 'https://a.example/path' })).toThrow(
      /set by SKYDECK_CSRF_TRUSTED_ORIGINS/,
    );
    expect(() => load({ SKYDECK_LOGIN_FAILURE_WINDOW: '0' })).toThrow(
      /set by SKYDECK_LOGIN_FAILURE_WINDOW/,
    );
    expect(() => load({ SKYDECK_LOGIN_MAX_FAILURES_PER_USER: 'many' })).toThrow(
      "SKYDECK_LOGIN_MAX_FAILURES_PER_USER must be a whole number, got 'many'",
    );
  });

  it('rejects unknown settings and unreadable files', () => {
    writeFileSync(join(cwd, 'bad.yaml'), 'settings:\n  NOPE: 1\n');
    expect(() => load({ SKYDECK_CONFIG: 'bad.yaml' })).toThrow("unknown setting 'NOPE'");
    expect(() => load({ SKYDECK_CONFIG: 'missing.yaml' })).toThrow(/cannot read/);
    writeFileSync(join(cwd, 'list.yaml'), '- a\n- b\n');
    expect(() => load({ SKYDECK_CONFIG: 'list.yaml' })).toThrow(/must hold a YAML mapping/);
  });
});

describe('cloud selection', () => {
  it('takes OS_AUTH_URL with region, interface and domain', () => {
    const config = load({
      OS_AUTH_URL: 'http://10.0.0.1/identity/v3',
      OS_REGION_NAME: 'RegionOne',
      OS_INTERFACE: 'internalURL',
      OS_USER_DOMAIN_NAME: 'Corp',
    });
    expect(config.cloud).toEqual({
      authUrl: 'http://10.0.0.1/identity/v3',
      regions: ['RegionOne'],
      interface: 'internal',
      userDomainName: 'Corp',
      source: 'OS_AUTH_URL',
    });
    expect(config.defaultDomain).toBe('Corp');
  });

  it('reads OS_CLOUD from ./clouds.yaml and never keeps the password', () => {
    writeFileSync(
      join(cwd, 'clouds.yaml'),
      clouds('mine', 'https://cwd.example/v3', '    region_name: North\n    interface: admin\n'),
    );
    const config = load({ OS_CLOUD: 'mine' });
    expect(config.cloud).toMatchObject({
      authUrl: 'https://cwd.example/v3',
      regions: ['North'],
      interface: 'admin',
      userDomainName: 'Users',
      projectDomainName: 'Projects',
    });
    expect(JSON.stringify(config)).not.toContain('hunter2');
    expect(config.defaultDomain).toBe('Users');
  });

  it('follows the clouds.yaml search order', () => {
    writeFileSync(join(etc, 'clouds.yaml'), clouds('c', 'https://etc.example/v3'));
    expect(load({ OS_CLOUD: 'c' }).cloud?.authUrl).toBe('https://etc.example/v3');
    writeFileSync(
      join(home, '.config', 'openstack', 'clouds.yaml'),
      clouds('c', 'https://home.example/v3'),
    );
    expect(load({ OS_CLOUD: 'c' }).cloud?.authUrl).toBe('https://home.example/v3');
    writeFileSync(join(cwd, 'clouds.yaml'), clouds('c', 'https://cwd.example/v3'));
    expect(load({ OS_CLOUD: 'c' }).cloud?.authUrl).toBe('https://cwd.example/v3');
    writeFileSync(join(dir, 'explicit.yaml'), clouds('c', 'https://explicit.example/v3'));
    expect(
      load({ OS_CLOUD: 'c', OS_CLIENT_CONFIG_FILE: join(dir, 'explicit.yaml') }).cloud?.authUrl,
    ).toBe('https://explicit.example/v3');
  });

  it('prefers OS_CLOUD over OS_AUTH_URL, and env regions over the file', () => {
    writeFileSync(
      join(cwd, 'clouds.yaml'),
      clouds('c', 'https://cwd.example/v3', '    regions:\n      - A\n      - name: B\n'),
    );
    const both = load({ OS_CLOUD: 'c', OS_AUTH_URL: 'http://other/v3' });
    expect(both.cloud?.authUrl).toBe('https://cwd.example/v3');
    expect(both.cloud?.regions).toEqual(['A', 'B']);
    expect(load({ OS_CLOUD: 'c', OS_REGION_NAME: 'Z' }).cloud?.regions).toEqual(['Z']);
    expect(load({ OS_CLOUD: 'c', SKYDECK_REGIONS: 'X, Y' }).cloud?.regions).toEqual(['X', 'Y']);
  });

  it('explains a missing cloud or file', () => {
    expect(() => load({ OS_CLOUD: 'nowhere' })).toThrow(/no clouds.yaml was found/);
    writeFileSync(join(cwd, 'clouds.yaml'), clouds('a', 'https://a/v3'));
    expect(() => load({ OS_CLOUD: 'b' })).toThrow("Cloud 'b' is not defined in");
    writeFileSync(join(cwd, 'clouds.yaml'), 'clouds:\n  b:\n    region_name: R\n');
    expect(() => load({ OS_CLOUD: 'b' })).toThrow(/has no auth.auth_url/);
  });
});
