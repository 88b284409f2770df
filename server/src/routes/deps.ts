import type { AppConfig } from '../config/schema';

/** Regions for the login page: the configured ones, then those seen in catalogs since start. */
export class KnownRegions {
  readonly #configured: readonly string[];
  readonly #seen = new Set<string>();

  constructor(configured: readonly string[]) {
    this.#configured = configured;
  }

  add(regions: readonly string[]): void {
    for (const region of regions) this.#seen.add(region);
  }

  list(): string[] {
    return [...new Set([...this.#configured, ...this.#seen])];
  }

  get configured(): readonly string[] {
    return this.#configured;
  }
}

/** What route plugins receive from routes/index.ts. */
export interface RouteDeps {
  config: AppConfig;
  regions: KnownRegions;
}
