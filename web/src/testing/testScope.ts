import { msg } from '../i18n/msg';
import type { PanelGroup, PanelScope } from '../registry/types';

/** A panel scope for tests of the table machinery: the manifest's facts of a test type. */
export function testScope(path: string, group: PanelGroup, type = 'Test::Item'): PanelScope {
  return { path, group, type, names: { one: msg('Item'), many: msg('Items') } };
}
