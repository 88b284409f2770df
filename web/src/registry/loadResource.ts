import { loadOnce } from './loadOnce';
import type { ResourceType } from './types';

/** What loading needs of a manifest entry of a resource type. */
export interface ResourceLoader {
  type: string;
  load: () => Promise<ResourceType<unknown>>;
}

// One load per type for the app's life: React's use() needs the same promise on every render.
const resources = loadOnce<ResourceType<unknown>>();

/**
 * The declaration of a manifest entry, loaded once (its code is a lazy chunk). Small and free of
 * React and PatternFly, so the router can start it the moment a panel's route is known.
 */
export function loadResource(entry: ResourceLoader): Promise<ResourceType<unknown>> {
  return resources.load(entry.type, entry.load);
}

/**
 * The declaration if it has loaded. A component reads this before falling back to use(): a
 * resolved promise still suspends use() once, and a suspended boundary reveals its content no
 * sooner than 300 ms after its fallback appeared (React's throttle), which delayed every
 * panel's rows by that much (bench/RESULTS.md, issue 14 §5).
 */
export function loadedResource(entry: ResourceLoader): ResourceType<unknown> | undefined {
  return resources.loaded(entry.type);
}
