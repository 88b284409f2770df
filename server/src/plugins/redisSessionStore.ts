import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import type { SessionData, SessionStore } from './sessionStore';

/** What the store needs of a Redis client (node-redis's names). */
export interface RedisCommands {
  get(key: string): Promise<string | null>;
  /** GETEX: the value, and its TTL set anew, in one round trip. */
  getEx(key: string, options: { type: 'EX'; value: number }): Promise<string | null>;
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  expire(key: string, seconds: number): Promise<unknown>;
  del(key: string): Promise<unknown>;
  /** For readiness and the session count; a client without them reports neither. */
  ping?(): Promise<unknown>;
  scan?(
    cursor: string,
    options: { MATCH: string; COUNT: number },
  ): Promise<{ cursor: string; keys: readonly unknown[] }>;
  /** For the sign-in failure counts (plugins/loginThrottle.ts), which share the connection. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** A Redis the session layer could not reach: the caller answers 503, never a crash. */
export class SessionStoreUnavailableError extends Error {
  readonly statusCode = 503;
  /** The error handler shows the message of an exposed 5xx. */
  readonly expose = true;
  constructor(cause: unknown) {
    super('The session store is unavailable', { cause });
  }
}

const KEY_INFO = Buffer.from('skydeck session data v1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Sessions in Redis, shared by every server process that points at it and kept across restarts.
 *
 * Redis only ever sees what is useless without the browser's cookie: the key is the SHA-256 of
 * the session id, and the data (the Keystone token among it) is sealed with AES-256-GCM under a
 * key derived from the id (HKDF). A copy of the database, a replica or a MONITOR session yields
 * neither cookies to replay nor tokens; a value changed in Redis fails authentication and reads
 * as no session.
 */
export class RedisSessionStore implements SessionStore {
  readonly #redis: RedisCommands;
  readonly #prefix: string;
  readonly #close: () => Promise<void>;
  readonly #ready: () => Promise<void>;

  constructor(
    redis: RedisCommands,
    options: {
      prefix?: string;
      ready?: () => Promise<void>;
      close?: () => Promise<void>;
    } = {},
  ) {
    this.#redis = redis;
    this.#prefix = options.prefix ?? 'skydeck:session:';
    this.#ready = options.ready ?? (async () => undefined);
    this.#close = options.close ?? (async () => undefined);
  }

  /** The client, for other state every server process must share (sign-in failure counts). */
  get redis(): RedisCommands {
    return this.#redis;
  }

  async ready(): Promise<void> {
    await this.#ready();
  }

  /** The Redis key of a session id (its hash: ids never reach Redis). */
  keyOf(id: string): string {
    return this.#prefix + createHash('sha256').update(id).digest('hex');
  }

  async get(id: string): Promise<SessionData | undefined> {
    const sealed = await this.#call(() => this.#redis.get(this.keyOf(id)));
    if (sealed === null) return undefined;
    return open(id, sealed);
  }

  async set(id: string, data: SessionData, ttlSeconds: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    await this.#call(() => this.#redis.set(this.keyOf(id), seal(id, data), { EX: ttl }));
  }

  async getAndTouch(id: string, ttlSeconds: number): Promise<SessionData | undefined> {
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    const sealed = await this.#call(() =>
      this.#redis.getEx(this.keyOf(id), { type: 'EX', value: ttl }),
    );
    if (sealed === null) return undefined;
    return open(id, sealed);
  }

  async touch(id: string, ttlSeconds: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    await this.#call(() => this.#redis.expire(this.keyOf(id), ttl));
  }

  async destroy(id: string): Promise<void> {
    await this.#call(() => this.#redis.del(this.keyOf(id)));
  }

  async close(): Promise<void> {
    await this.#close();
  }

  async ping(): Promise<void> {
    const ping = this.#redis.ping?.bind(this.#redis);
    if (ping) await this.#call(ping);
  }

  /** SCANs this store's keys (a few round trips per thousand sessions; done per metrics scrape). */
  async count(): Promise<number> {
    const scan = this.#redis.scan?.bind(this.#redis);
    if (!scan) return 0;
    let cursor = '0';
    let keys = 0;
    do {
      const page = await this.#call(() => scan(cursor, { MATCH: `${this.#prefix}*`, COUNT: 1000 }));
      cursor = String(page.cursor);
      keys += page.keys.length;
    } while (cursor !== '0');
    return keys;
  }

  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new SessionStoreUnavailableError(error);
    }
  }
}

const keyFor = (id: string): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(id), Buffer.alloc(0), KEY_INFO, 32));

/** base64(iv | tag | AES-256-GCM(JSON)). */
const seal = (id: string, data: SessionData): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(id), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
};

const open = (id: string, sealed: string): SessionData | undefined => {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(id), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as SessionData;
  } catch {
    return undefined;
  }
};

/**
 * A store on the Redis at `url` (redis://, rediss:// for TLS; user, password and database
 * number in the URL). The connection is made in the background and re-made after a loss;
 * meanwhile session calls fail fast with SessionStoreUnavailableError (503) instead of queueing.
 */
export const connectRedisSessionStore = (
  url: string,
  log: { warn: (message: string) => void },
  /** How long ready() waits for the first connection. */
  readyTimeoutMs = 5_000,
): RedisSessionStore => {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries) => Math.min(retries * 200, 5_000),
    },
  });
  let reported = false;
  client.on('error', (error: Error) => {
    // node-redis emits an error per failed reconnect; one line per outage is enough.
    if (!reported) log.warn(`session store: ${error.message}`);
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  return new RedisSessionStore(client, {
    // Serve once connected; a Redis still away after a few seconds does not keep the server
    // from starting (session calls answer 503 until it is back).
    ready: async () => {
      const timeout = new Promise<false>((resolve) => {
        setTimeout(() => resolve(false), readyTimeoutMs).unref();
      });
      if (!(await Promise.race([connected, timeout]))) {
        log.warn('session store: no connection to Redis yet; sessions answer 503 until there is');
      }
    },
    close: async () => {
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  });
};
