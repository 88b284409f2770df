import type { CatalogService } from '@skydeck/contract';

/** Everything the server remembers about a signed-in user. Only the server ever sees it. */
export interface SessionData {
  /** The Keystone token (X-Subject-Token). Never serialised into any answer. */
  token: string;
  /** Token expiry, ms since the epoch; the session never outlives it. */
  expiresAt: number;
  user: { id: string; name: string; domainId: string; domainName: string };
  project: { id: string; name: string; domainId: string; domainName: string };
  /** Role names as the token lists them (implied roles included). */
  roles: string[];
  catalog: CatalogService[];
  /** The services region in use, and those the catalog offers. */
  region: string;
  regions: string[];
  createdAt: number;
  /** The admin's domain context for the identity panels (issue 12), until cleared. */
  domainContext?: { id: string; name: string };
}

/**
 * Where sessions live: in this process (MemorySessionStore) or in Redis (RedisSessionStore), the
 * same calls either way (TTL in seconds, as SET EX/EXPIRE take it).
 */
export interface SessionStore {
  /** Resolves once the store can serve (the server waits for it before it listens). */
  ready?(): Promise<void>;
  get(id: string): Promise<SessionData | undefined>;
  /**
   * Reads a session and restarts its idle timeout in the same step, so every request the user
   * makes moves the expiry to now + ttlSeconds (no idle timeout can fire early).
   */
  getAndTouch(id: string, ttlSeconds: number): Promise<SessionData | undefined>;
  set(id: string, data: SessionData, ttlSeconds: number): Promise<void>;
  /** Extend the idle timeout without rewriting the data. */
  touch(id: string, ttlSeconds: number): Promise<void>;
  destroy(id: string): Promise<void>;
  close(): Promise<void>;
  /** Rejects when the store cannot serve now (readiness, plugins/health.ts). */
  ping?(): Promise<void>;
  /** Sessions held (metrics); with Redis, those of every server process. */
  count?(): Promise<number>;
}

interface Entry {
  data: SessionData;
  expiresAt: number;
}

/** In-process sessions: fast, lost on restart, not shared between processes. */
export class MemorySessionStore implements SessionStore {
  readonly #entries = new Map<string, Entry>();
  readonly #sweeper: NodeJS.Timeout;
  readonly #now: () => number;

  constructor(options: { sweepIntervalMs?: number; now?: () => number } = {}) {
    // Looked up at each call, so tests can move the clock with fake timers.
    this.#now = options.now ?? (() => Date.now());
    this.#sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    this.#sweeper.unref();
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(id: string): Promise<SessionData | undefined> {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.data;
  }

  async set(id: string, data: SessionData, ttlSeconds: number): Promise<void> {
    this.#entries.set(id, { data, expiresAt: this.#now() + ttlSeconds * 1000 });
  }

  async getAndTouch(id: string, ttlSeconds: number): Promise<SessionData | undefined> {
    const data = await this.get(id);
    if (data) await this.touch(id, ttlSeconds);
    return data;
  }

  async touch(id: string, ttlSeconds: number): Promise<void> {
    const entry = this.#entries.get(id);
    if (entry) entry.expiresAt = this.#now() + ttlSeconds * 1000;
  }

  async destroy(id: string): Promise<void> {
    this.#entries.delete(id);
  }

  async count(): Promise<number> {
    const now = this.#now();
    let live = 0;
    for (const entry of this.#entries.values()) if (entry.expiresAt > now) live += 1;
    return live;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#entries.clear();
  }

  /** Drops expired entries so abandoned sessions do not pile up. */
  sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(id);
    }
  }
}
