import { Type, type Static } from 'typebox';
import { HeaderSection, Settings } from '@skydeck/contract';

/** Where the cloud's Keystone is and how endpoints are picked. No password is ever kept. */
export const CloudConfig = Type.Object(
  {
    authUrl: Type.String({ pattern: '^https?://[^\\s]+$' }),
    /** Regions offered on the login page before any catalog has been seen (may be empty). */
    regions: Type.Array(Type.String({ minLength: 1, maxLength: 255 })),
    interface: Type.Union([
      Type.Literal('public'),
      Type.Literal('internal'),
      Type.Literal('admin'),
    ]),
    userDomainName: Type.Optional(Type.String({ minLength: 1 })),
    projectDomainName: Type.Optional(Type.String({ minLength: 1 })),
    /** Human-readable origin of these values, for the startup log. */
    source: Type.String(),
  },
  { additionalProperties: false },
);
export type CloudConfig = Static<typeof CloudConfig>;

export const LogLevel = Type.Union([
  Type.Literal('fatal'),
  Type.Literal('error'),
  Type.Literal('warn'),
  Type.Literal('info'),
  Type.Literal('debug'),
  Type.Literal('trace'),
  Type.Literal('silent'),
]);
export type LogLevel = Static<typeof LogLevel>;

export const ServerConfig = Type.Object(
  {
    host: Type.String({ minLength: 1 }),
    port: Type.Integer({ minimum: 0, maximum: 65535 }),
    /** Always starts and ends with '/'. */
    webroot: Type.String({ pattern: '^/([^\\s?#]*/)?$' }),
    webDist: Type.String({ minLength: 1 }),
    logLevel: LogLevel,
    session: Type.Object(
      {
        store: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
        /** The Redis of the `redis` store: redis:// or rediss:// (TLS), credentials and db inside. */
        redisUrl: Type.String({ pattern: '^rediss?://[^\\s]+$' }),
        /** Seconds of inactivity before a session ends; never longer than the token lives. */
        timeout: Type.Integer({ minimum: 60, maximum: 2592000 }),
      },
      { additionalProperties: false },
    ),
    /**
     * Failed sign-ins allowed per user name and per client address within `failureWindow`
     * seconds before the login answers 429 (0: no limit); failures before that slow the next
     * attempts down, up to `maxDelay` seconds each.
     */
    login: Type.Object(
      {
        maxFailuresPerUser: Type.Integer({ minimum: 0, maximum: 1000000 }),
        maxFailuresPerAddress: Type.Integer({ minimum: 0, maximum: 1000000 }),
        failureWindow: Type.Integer({ minimum: 1, maximum: 86400 }),
        maxDelay: Type.Integer({ minimum: 0, maximum: 60 }),
      },
      { additionalProperties: false },
    ),
    /** Origins besides our own whose pages may send unsafe requests (scheme://host[:port]). */
    csrfTrustedOrigins: Type.Array(Type.String({ pattern: '^https?://[^/\\s?#]+$' })),
    /** 'auto' marks cookies Secure when the request came over https (x-forwarded-proto with trustProxy). */
    secureCookies: Type.Union([Type.Boolean(), Type.Literal('auto')]),
    trustProxy: Type.Union([Type.Boolean(), Type.Integer({ minimum: 1 }), Type.String()]),
    policy: Type.Object(
      {
        enforceNewDefaults: Type.Boolean(),
        overridesDir: Type.Optional(Type.String({ minLength: 1 })),
      },
      { additionalProperties: false },
    ),
    defaultDomain: Type.String({ minLength: 1 }),
    multidomain: Type.Boolean(),
    authTypes: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    /** null: no cloud configured, server.ts starts the demo cloud. */
    cloud: Type.Union([CloudConfig, Type.Null()]),
    demoCloud: Type.Object(
      {
        dataDir: Type.String({ minLength: 1 }),
        port: Type.Integer({ minimum: 0, maximum: 65535 }),
      },
      { additionalProperties: false },
    ),
    /**
     * Largest image upload the server streams to Glance, in bytes; 0 for no limit of ours
     * (Glance's image_size_cap still applies). Default 1 TiB, Glance's own default cap.
     */
    maxUploadBytes: Type.Integer({ minimum: 0 }),
    /**
     * Bytes per segment of an object upload: a larger object is stored as a Static Large Object
     * (Swift refuses single objects above 5 GiB). Default 1 GiB.
     */
    swiftSegmentBytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 * 1024 ** 3 })),
    /**
     * Seconds the server waits for an OpenStack service before answering 504 (upload and
     * download bodies excepted: they take as long as they take once the service has answered).
     */
    upstreamTimeout: Type.Number({ exclusiveMinimum: 0, maximum: 3600 }),
    /** Serve Prometheus metrics at {webroot}metrics (off by default: they are not for the public). */
    metrics: Type.Boolean(),
    settings: Settings,
    /**
     * The extensible header's sections (SKYDECK_HEADER_FILE, read and checked at start); none:
     * GET {webroot}header/ answers an empty list and the masthead shows no header.
     */
    header: Type.Optional(Type.Array(HeaderSection)),
  },
  { additionalProperties: false },
);
export type ServerConfig = Static<typeof ServerConfig>;

/** What buildApp needs: a config whose cloud has been decided (configured or the demo cloud). */
export type AppConfig = Omit<ServerConfig, 'cloud'> & { cloud: CloudConfig };
