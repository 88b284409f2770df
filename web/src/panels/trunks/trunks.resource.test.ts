import { describe, expect, it, vi } from 'vitest';
import type { Trunk } from '@skydeck/contract';
import { forPanel } from '../../registry/defineResource';
import { testScope } from '../../testing/testScope';
import { trunks } from './trunks.resource';

const TYPE = 'OS::Neutron::Trunk';
const admin = testScope('/admin/trunks', 'admin', TYPE);
const project = testScope('/project/trunks', 'project', TYPE);

describe('trunks declaration', () => {
  it('offers create and edit on the project panel only (spec 2 §6), delete on both', () => {
    const ids = (scope: typeof admin) => {
      const { actions } = forPanel(trunks, scope);
      return {
        table: actions?.table?.map((a) => a.id),
        row: actions?.row?.map((a) => a.id),
        batch: actions?.batch?.map((a) => a.id),
      };
    };
    expect(ids(project)).toEqual({ table: ['create'], row: ['edit', 'delete'], batch: ['delete'] });
    expect(ids(admin)).toEqual({ table: [], row: ['delete'], batch: ['delete'] });
  });

  it('decides that by the panel, not the address: nothing reads the window', () => {
    // A page rendered on the server has no window; a rule reading one broke that render.
    vi.stubGlobal('window', undefined);
    try {
      const trunk = { id: 't1', name_or_id: 't1', project_id: 'p1' } as Trunk;
      for (const action of trunks.actions?.row ?? [])
        expect(action.allowed?.(trunk) ?? true).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(forPanel(trunks, admin)).toBe(forPanel(trunks, admin));
  });
});
