import type { Aggregate, AggregateUpdateBody } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

export interface AggregateValues {
  name: string;
  zone: string;
}

export const NAME_TAKEN = msg('An aggregate named "{{name}}" already exists.');
export const REQUIRED = msg('This field is required.');
export const ZONE_KEPT = msg('Nova can rename an availability zone but not remove it.');

/**
 * Name required and unique (Nova answers 409 otherwise); the zone is optional, but once an
 * aggregate has one (`zoneBefore`) Nova refuses to remove it.
 */
export function validateAggregate(
  values: AggregateValues,
  others: readonly Aggregate[],
  zoneBefore: string | null = null,
): Partial<Record<keyof AggregateValues, string>> {
  const name = values.name.trim();
  return {
    zone: zoneBefore && values.zone.trim() === '' ? t(ZONE_KEPT) : undefined,
    name:
      name === ''
        ? t(REQUIRED)
        : others.some((a) => a.name === name)
          ? t(NAME_TAKEN, { name })
          : undefined,
  };
}

/** Only what changed: Nova re-checks every host's zone when the zone is sent. */
export function aggregateChanges(
  aggregate: Aggregate,
  values: AggregateValues,
): AggregateUpdateBody | undefined {
  const name = values.name.trim();
  const zone = values.zone.trim();
  const body: AggregateUpdateBody = {
    ...(name !== aggregate.name ? { name } : {}),
    ...(zone && zone !== aggregate.availability_zone ? { availability_zone: zone } : {}),
  };
  return Object.keys(body).length > 0 ? body : undefined;
}

/** Hosts to add and to remove to go from `before` to `after`. */
export function hostChanges(
  before: readonly string[],
  after: readonly string[],
): { add: string[]; remove: string[] } {
  return {
    add: after.filter((h) => !before.includes(h)),
    remove: before.filter((h) => !after.includes(h)),
  };
}
