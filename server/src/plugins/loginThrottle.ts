import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { SessionStoreUnavailableError, type RedisCommands } from './redisSessionStore';

/** A failure count and when its window ends. */
export interface Counter {
  count: number;
  /** Milliseconds until the count starts over (0 when there is none). */
  resetInMs: number;
}

/** Where failure counts live: this process, or Redis (shared by every server process). */
export interface CounterStore {
  peek(key: string): Promise<Counter>;
  /** Adds one; the first one of a window starts it (windowMs long). */
  hit(key: string, windowMs: number): Promise<Counter>;
  /** Takes one back (an attempt that turned out not to be a failure). */
  undo(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

interface Entry {
  count: number;
  resetAt: number;
}

/** Counts of one process. Bounded: past maxKeys the oldest windows are dropped first. */
export class MemoryCounterStore implements CounterStore {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(options: { now?: () => number; maxKeys?: number } = {}) {
    this.#now = options.now ?? (() => Date.now());
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.resetAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #counter(entry: Entry | undefined): Counter {
    return entry
      ? { count: entry.count, resetInMs: Math.max(0, entry.resetAt - this.#now()) }
      : { count: 0, resetInMs: 0 };
  }

  async peek(key: string): Promise<Counter> {
    return this.#counter(this.#live(key));
  }

  async hit(key: string, windowMs: number): Promise<Counter> {
    let entry = this.#live(key);
    if (!entry) {
      if (this.#entries.size >= this.#maxKeys) {
        // Map iteration is insertion order: the first key is the oldest window.
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      entry = { count: 0, resetAt: this.#now() + windowMs };
      this.#entries.set(key, entry);
    }
    entry.count += 1;
    return this.#counter(entry);
  }

  async undo(key: string): Promise<void> {
    const entry = this.#live(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.#entries.delete(key);
  }

  async clear(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}

// Each script is one atomic step, so server processes sharing a Redis never lose a count.
const HIT = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const PEEK = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
return {n, redis.call('PTTL', KEYS[1])}`;
const UNDO = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 1 then redis.call('DECR', KEYS[1]) elseif n > 0 then redis.call('DEL', KEYS[1]) end
return 0`;

/** Counts in Redis, so every server process behind one address sees the same failures. */
export class RedisCounterStore implements CounterStore {
  readonly #redis: Pick<RedisCommands, 'eval' | 'del'>;

  constructor(redis: Pick<RedisCommands, 'eval' | 'del'>) {
    this.#redis = redis;
  }

  async #run(script: string, key: string, args: string[] = []): Promise<Counter> {
    let reply: unknown;
    try {
      reply = await this.#redis.eval(script, { keys: [key], arguments: args });
    } catch (error) {
      throw new SessionStoreUnavailableError(error);
    }
    const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [0, 0];
    return { count: count ?? 0, resetInMs: Math.max(0, ttl ?? 0) };
  }

  peek(key: string): Promise<Counter> {
    return this.#run(PEEK, key);
  }

  hit(key: string, windowMs: number): Promise<Counter> {
    return this.#run(HIT, key, [String(Math.max(1, Math.round(windowMs)))]);
  }

  async undo(key: string): Promise<void> {
    await this.#run(UNDO, key);
  }

  async clear(key: string): Promise<void> {
    try {
      await this.#redis.del(key);
    } catch (error) {
      throw new SessionStoreUnavailableError(error);
    }
  }
}

export interface LoginThrottleOptions {
  /** Failures of one user name within the window before 429; 0: no limit. */
  maxFailuresPerUser: number;
  /** Failures from one client address within the window before 429; 0: no limit. */
  maxFailuresPerAddress: number;
  failureWindowSeconds: number;
  /** Longest wait before an attempt is tried; 0: never wait. */
  maxDelaySeconds: number;
}

/** Sign-in may not be tried now: answer 429 with this. */
export interface LoginRefusal {
  retryAfterSeconds: number;
  message: string;
}

/** An attempt let through: wait delayMs, ask Keystone, then report how it went. */
export interface LoginAttempt {
  delayMs: number;
  /** Keystone refused the credentials. */
  failed(): Promise<void>;
  /** Keystone accepted them: this user name starts over. */
  succeeded(): Promise<void>;
  /** Neither (Keystone unreachable, a bad request): the attempt is not counted. */
  abandoned(): Promise<void>;
}

/** The first delay, once two failures have been seen; it doubles with each further failure. */
const FIRST_DELAY_MS = 250;
/** The delay curve runs over this many steps up to the limit, whatever the limit is. */
const STEPS = 10;

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

const inWords = (seconds: number): string => {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Slows down password guessing. Failed sign-ins are counted per user name (with its domain) and
 * per client address over a window; once there are a few, each further attempt waits a doubling
 * delay before Keystone is asked, and at the limit the login answers 429 until the window ends.
 * An attempt is counted against its user name while it runs, so a burst of parallel guesses
 * cannot outrun the count; a success resets the user name (never the address, or one valid
 * account would unlock guessing at all others from there).
 *
 * Keys are hashes: neither user names nor addresses reach Redis.
 */
export class LoginThrottle {
  readonly #store: CounterStore;
  readonly #options: LoginThrottleOptions;
  readonly #prefix: string;

  constructor(store: CounterStore, options: LoginThrottleOptions, prefix = 'skydeck:login:') {
    this.#store = store;
    this.#options = options;
    this.#prefix = prefix;
  }

  /** The delay before an attempt after `level` failures (on a 0–STEPS scale of the limit). */
  delayFor(level: number): number {
    if (level < 2) return 0;
    return Math.min(this.#options.maxDelaySeconds * 1000, FIRST_DELAY_MS * 2 ** (level - 2));
  }

  async begin(
    username: string,
    domain: string,
    address: string,
  ): Promise<LoginAttempt | LoginRefusal> {
    const { maxFailuresPerUser: maxUser, maxFailuresPerAddress: maxAddress } = this.#options;
    const windowMs = this.#options.failureWindowSeconds * 1000;
    // Keystone's names are case-insensitive under its usual (MySQL) collation: one count.
    const userKey = `${this.#prefix}user:${hashOf(`${domain}\n${username}`.toLowerCase())}`;
    const addressKey = `${this.#prefix}address:${hashOf(address)}`;
    const none: Counter = { count: 0, resetInMs: 0 };
    const [user, client] = await Promise.all([
      maxUser > 0 ? this.#store.peek(userKey) : none,
      maxAddress > 0 ? this.#store.peek(addressKey) : none,
    ]);
    const refusal = (...over: Counter[]): LoginRefusal => {
      const seconds = Math.max(1, Math.ceil(Math.max(...over.map((c) => c.resetInMs)) / 1000));
      return {
        retryAfterSeconds: seconds,
        message: `Too many failed sign-in attempts. Try again in ${inWords(seconds)}.`,
      };
    };
    const over = [
      ...(maxUser > 0 && user.count >= maxUser ? [user] : []),
      ...(maxAddress > 0 && client.count >= maxAddress ? [client] : []),
    ];
    if (over.length > 0) return refusal(...over);

    if (maxUser > 0) {
      const reserved = await this.#store.hit(userKey, windowMs);
      if (reserved.count > maxUser) {
        // Parallel attempts got there first.
        await this.#store.undo(userKey);
        return refusal(reserved);
      }
    }
    const level = Math.max(
      maxUser > 0 ? (user.count * STEPS) / maxUser : 0,
      maxAddress > 0 ? (client.count * STEPS) / maxAddress : 0,
    );
    const store = this.#store;
    return {
      delayMs: this.delayFor(Math.floor(level)),
      async failed() {
        if (maxAddress > 0) await store.hit(addressKey, windowMs);
      },
      async succeeded() {
        if (maxUser > 0) await store.clear(userKey);
      },
      async abandoned() {
        if (maxUser > 0) await store.undo(userKey);
      },
    };
  }
}

/**
 * Makes every refused sign-in take as long as the slowest recent one, so the answer's timing
 * does not tell an unknown user name (Keystone may refuse it without hashing a password) from
 * a wrong password.
 */
export class RefusalPacer {
  readonly #recent: number[] = [];
  readonly #keep: number;
  readonly #maxPadMs: number;

  /** keep: refusals remembered; maxPadMs: the most a refusal is held back (a slow spell). */
  constructor(keep = 32, maxPadMs = 3_000) {
    this.#keep = keep;
    this.#maxPadMs = maxPadMs;
  }

  /** Records a refusal that took elapsedMs and waits until it has taken as long as the slowest. */
  async pace(elapsedMs: number): Promise<void> {
    this.#recent.push(elapsedMs);
    if (this.#recent.length > this.#keep) this.#recent.shift();
    const pad = Math.min(this.#maxPadMs, Math.max(...this.#recent) - elapsedMs);
    if (pad > 0) await sleep(pad);
  }
}

export interface LoginThrottlePluginOptions extends LoginThrottleOptions {
  store: CounterStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    loginThrottle: LoginThrottle;
    refusalPacer: RefusalPacer;
  }
}

const plugin: FastifyPluginAsync<LoginThrottlePluginOptions> = async (app, options) => {
  const { store, ...limits } = options;
  app.decorate('loginThrottle', new LoginThrottle(store, limits));
  app.decorate('refusalPacer', new RefusalPacer());
};

export const loginThrottle = fp(plugin, { name: 'skydeck-login-throttle', fastify: '5.x' });
