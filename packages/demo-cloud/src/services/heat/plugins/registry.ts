import { CINDER_PLUGINS } from './cinder';
import { HEAT_PLUGINS } from './heat';
import { NESTED_PLUGINS } from './nested';
import { NEUTRON_PLUGINS } from './neutron';
import { NOVA_PLUGINS } from './nova';
import { SWIFT_PLUGINS } from './swift';
import type { ResourcePlugin } from './types';

/** Every resource type the demo cloud's Heat hosts (their schemas: typeData.ts). */
const PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  ...CINDER_PLUGINS,
  ...HEAT_PLUGINS,
  ...NESTED_PLUGINS,
  ...NEUTRON_PLUGINS,
  ...NOVA_PLUGINS,
  ...SWIFT_PLUGINS,
};

export const pluginOf = (type: string): ResourcePlugin | undefined =>
  Object.hasOwn(PLUGINS, type) ? PLUGINS[type] : undefined;
