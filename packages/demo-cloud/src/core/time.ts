/** Timestamps in the upstream wire formats. */
const micro = (date: Date): string =>
  `${date.toISOString().slice(0, 19)}.${String(date.getUTCMilliseconds()).padStart(3, '0')}000`;

/** Keystone: `2015-11-05T22:00:11.000000Z`. */
export const keystoneTime = (date: Date): string => `${micro(date)}Z`;

/** Nova and most oslo services: `2015-11-05T22:00:11.000000` (naive UTC). */
export const novaTime = (date: Date): string => micro(date);

/**
 * Nova's timestamps read back from its database: MySQL keeps whole seconds, so what nova
 * answers from a stored row ends in `.000000` (an answer built in memory keeps its microseconds).
 */
export const novaDbTime = (date: Date): string => `${date.toISOString().slice(0, 19)}.000000`;
