import { describe, expect, it } from 'vitest';
import type { Settings } from '@skydeck/contract';
import { images } from './images.resource';
import { testScope } from '../../testing/testScope';
import { imageFixture } from './imageFixtures';

const img = imageFixture;

const settings = (on: boolean): Settings =>
  ({ FILTER_DATA_FIRST: { 'admin.images': on } }) as unknown as Settings;

const rowAction = (
  id: string,
): NonNullable<typeof images.actions>['row'] extends (infer A)[] | undefined ? A : never => {
  const action = images.actions?.row?.find((a) => a.id === id);
  if (!action) throw new Error(`no ${id}`);
  return action;
};

describe('images declaration', () => {
  it('filters first only on /admin/images, and only when the setting says so', () => {
    const admin = testScope('/admin/images', 'admin', 'OS::Glance::Image');
    const project = testScope('/project/images', 'project', 'OS::Glance::Image');
    expect(images.filterFirst?.(admin, settings(true))).toBe(true);
    expect(images.filterFirst?.(admin, settings(false))).toBe(false);
    expect(images.filterFirst?.(project, settings(true))).toBe(false);
  });
  it('pages on the server on /admin/images only, in name order, by marker', () => {
    const admin = testScope('/admin/images', 'admin', 'OS::Glance::Image');
    const project = testScope('/project/images', 'project', 'OS::Glance::Image');
    expect(images.paging?.when(admin)).toBe(true);
    expect(images.paging?.when(project)).toBe(false);
    const page = images.paging?.page(admin, { name: 'cir' }, { limit: 5, marker: 'm' });
    expect(page?.queryKey).toEqual([
      'glance',
      'images',
      'list',
      {
        query: {
          name: 'cir',
          paginate: true,
          sort_key: 'name',
          sort_dir: 'asc',
          limit: 5,
          marker: 'm',
        },
      },
    ]);
  });
  it('re-reads only the changing images, up to 100 of them', () => {
    const ids = (n: number): string[] => Array.from({ length: n }, (_v, i) => `id-${i}`);
    expect(images.refresh?.(['b', 'a'], { status: 'saving' })?.queryKey).toEqual([
      'glance',
      'images',
      'list',
      { query: { status: 'saving', ids: 'a,b' } },
    ]);
    expect(images.refresh?.(ids(100), {})).toBeDefined();
    expect(images.refresh?.(ids(101), {})).toBeUndefined();
  });
  it('polls while an image is transitional', () => {
    expect(images.transitional?.(img({ status: 'saving' }))).toBe(true);
    expect(images.transitional?.(img())).toBe(false);
  });
  it('declares the spec 2 §6 rules on the row actions', () => {
    const del = rowAction('delete');
    expect(del.allowed?.(img())).toBe(true);
    expect(del.allowed?.(img({ protected: true }))).toBe(false);
    expect(del.allowed?.(img({ status: 'deleted' }))).toBe(false);
    expect(rowAction('edit').allowed?.(img({ status: 'queued' }))).toBe(false);
    expect(rowAction('update-metadata').allowed?.(img())).toBe(true);
    const volume = rowAction('create-volume');
    expect(volume.allowed?.(img({ container_format: 'aki' }))).toBe(false);
    expect(volume.allowed?.(img())).toBe(true);
    const launch = rowAction('launch');
    expect(launch.unavailable).toBeUndefined();
    expect(launch.run.kind).toBe('modal');
    expect(launch.requires).toEqual([
      { kind: 'policy', service: 'compute', rule: 'os_compute_api:servers:create' },
    ]);
    expect(launch.allowed?.(img({ container_format: 'ari' }))).toBe(false);
    expect(launch.allowed?.(img({ status: 'queued' }))).toBe(false);
    expect(launch.allowed?.(img())).toBe(true);
  });
  it('shows the owner column only with identity:get_project', () => {
    const owner = images.columns.find((c) => c.id === 'owner');
    expect(owner?.requires).toEqual([
      { kind: 'policy', service: 'identity', rule: 'identity:get_project' },
    ]);
  });
});
