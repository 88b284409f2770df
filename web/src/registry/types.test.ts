import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/msg';
import { pageTableScope, panelScope, type PanelDecl, type ResourceEntry } from './types';

const panel: PanelDecl = { path: '/admin/info', group: 'admin', title: msg('System Information') };
const names = { one: msg('Network Agent'), many: msg('Network Agents') };

describe('scopes', () => {
  it("gives a page's table the page as its home, so its details links come back there", () => {
    expect(pageTableScope(panel, 'OS::Neutron::Agent', names)).toEqual({
      path: '/admin/info',
      group: 'admin',
      type: 'OS::Neutron::Agent',
      names,
      home: '/admin/info',
    });
  });

  it("gives a resource panel its type's first panel as home", () => {
    const entry = {
      kind: 'resource',
      type: 'OS::Glance::Image',
      names: { one: msg('Image'), many: msg('Images') },
      panels: [{ path: '/project/images', group: 'project', title: msg('Images') }, panel],
    } as unknown as ResourceEntry;
    expect(panelScope(entry, panel)).toMatchObject({
      path: '/admin/info',
      home: '/project/images',
    });
  });
});
