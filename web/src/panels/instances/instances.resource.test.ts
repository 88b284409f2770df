import { describe, expect, it } from 'vitest';
import type { Instance } from '@skydeck/contract';
import { INSTANCE_ADMIN_FILTERS, INSTANCE_FILTERS } from '../../data/nova/servers';
import { forPanel } from '../../registry/defineResource';
import { testScope } from '../../testing/testScope';
import { instances } from './instances.resource';
import { instanceFixture } from './instanceFixtures';

const TYPE = 'OS::Nova::Server';
const admin = testScope('/admin/instances', 'admin', TYPE);
const project = testScope('/project/instances', 'project', TYPE);

const server = (over: Partial<Instance> = {}): Instance =>
  instanceFixture({
    id: 'i1',
    image: { id: 'img', name: 'cirros' },
    flavor: { name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
    key_name: 'demo-key',
    created: '2026-01-01T00:00:00Z',
    project_id: 'p1',
    user_id: 'u1',
    ...over,
  });

const column = (id: string) => {
  const c = instances.columns.find((col) => col.id === id);
  if (!c) throw new Error(`no column ${id}`);
  return c;
};

describe('instances declaration', () => {
  it('shows the project and host columns and facets on the admin panel only', () => {
    const ids = (scope: typeof admin) => forPanel(instances, scope).columns.map((c) => c.id);
    expect(ids(admin)).toEqual(expect.arrayContaining(['project', 'host']));
    expect(ids(project)).not.toContain('project');
    expect(ids(project)).not.toContain('host');
    expect(ids(project)).toEqual(expect.arrayContaining(['key_name', 'availability_zone']));
    expect(ids(admin)).not.toContain('key_name');
    expect(ids(admin)).not.toContain('availability_zone');
    const facets = (scope: typeof admin) =>
      (forPanel(instances, scope).facets ?? []).map((f) => f.id);
    // Every filter the list route takes is a facet: the project panel's all but the admin's.
    expect(facets(project)).toEqual(INSTANCE_FILTERS.filter((f) => !INSTANCE_ADMIN_FILTERS.has(f)));
    expect(facets(admin)).toEqual(expect.arrayContaining([...INSTANCE_ADMIN_FILTERS]));
    // The same object each time, so the table's memos hold.
    expect(forPanel(instances, admin)).toBe(forPanel(instances, admin));
  });

  it('pages on the server on both panels, newest first unless a column is sorted', () => {
    expect(instances.paging?.when(project)).toBe(true);
    expect(instances.paging?.when(admin)).toBe(true);
    expect(instances.paging?.page(project, { name: 'web' }, { limit: 20 }).queryKey).toEqual([
      'nova',
      'servers',
      'list',
      { query: { name: 'web', limit: 20 } },
    ]);
    // The admin panel lists every project; a member's panel never sends an admin's filters.
    expect(
      instances.paging?.page(
        admin,
        { host: 'c1', project_id: 'p2' },
        {
          limit: 5,
          marker: 'm',
          sort_key: 'host',
          sort_dir: 'desc',
        },
      ).queryKey,
    ).toEqual([
      'nova',
      'servers',
      'list',
      {
        query: {
          host: 'c1',
          project_id: 'p2',
          all_projects: true,
          limit: 5,
          sort_key: 'host',
          sort_dir: 'desc',
          marker: 'm',
        },
      },
    ]);
    expect(
      instances.paging?.page(project, { host: 'c1', name: '' }, { limit: 5, sort_key: 'nope' })
        .queryKey,
    ).toEqual(['nova', 'servers', 'list', { query: { limit: 5 } }]);
  });

  it('sorts on the server only by what Nova sorts by', () => {
    expect(column('age')).toMatchObject({ serverSort: 'created', defaultSort: 'desc' });
    expect(column('name').serverSort).toBe('name');
    expect(column('status').serverSort).toBe('status');
    expect(column('power_state').serverSort).toBeUndefined();
    for (const id of ['image', 'flavor', 'addresses', 'project', 'key_name', 'availability_zone']) {
      expect(column(id).serverSort, id).toBeUndefined();
    }
  });

  it('re-reads only the changing instances, up to 100 of them', () => {
    expect(instances.refresh?.(['b', 'a'], { status: 'BUILD' })?.queryKey).toEqual([
      'nova',
      'servers',
      'list',
      { query: { ids: 'a,b' } },
    ]);
    const ids = (n: number): string[] => Array.from({ length: n }, (_v, i) => `id-${i}`);
    expect(instances.refresh?.(ids(100), {})).toBeDefined();
    expect(instances.refresh?.(ids(101), {})).toBeUndefined();
    expect(instances.transitional?.(server({ status: 'BUILD', progress: 40 }))).toBe(true);
    expect(instances.transitional?.(server())).toBe(false);
  });

  it('shows power state, task and status as words, with the progress while it changes', () => {
    expect(column('power_state').value(server({ power_state: 4 }))).toBe('Shut Down');
    expect(column('task').value(server({ task_state: 'spawning' }))).toBe('Spawning');
    expect(column('task').value(server({ task_state: 'powering-off' }))).toBe('Powering Off');
    expect(column('task').value(server())).toBe('None');
    const status = column('status');
    expect(status.text?.(server({ status: 'BUILD', progress: 40 }))).toBe('Build (40%)');
    expect(status.text?.(server({ status: 'ACTIVE', progress: 100 }))).toBe('Active');
  });

  it('has the details tabs of an instance', () => {
    expect(instances.details?.map((tab) => tab.id)).toEqual([
      'overview',
      'interfaces',
      'volumes',
      'log',
      'console',
      'action-log',
    ]);
  });
});
