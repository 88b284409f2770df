import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnobs, resolveKnobOptions } from '../../core/knobs';
import { applyDueTransitions, startLifecycle } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { openStore } from '../../store/store';
import { keystoneService } from '../keystone/index';
import { projects } from '../keystone/model';
import { glanceService } from './index';
import { createSnapshotImage, findImageByName, findImageForBoot, imageExists } from './internal';
import { images } from './model';
import type { ImageDoc } from './model';
import { imageFile } from './storage';

/** A cloud context without HTTP, as the other services of the demo cloud hold it. */
const makeContext = (dataDir: string): CloudContext => {
  const store = openStore({ dataDir });
  const services = [keystoneService, glanceService];
  const ctx: CloudContext = {
    store,
    options: {
      dataDir,
      reset: false,
      enforceNewDefaults: true,
      logger: false,
      tokenLifetimeSeconds: 3600,
      // queued → saving at 100 ms, active at 300 ms: slow enough to watch each step.
      lifecycleScale: 0.2,
      imageSizeCap: 1024 ** 4,
    },
    services,
    resolveToken: () => undefined,
    baseUrl: () => 'http://localhost',
    now: () => new Date(),
    knobs: createKnobs(services, resolveKnobOptions({}, {})),
  };
  for (const service of services) store.migrate(service.name, service.migrations);
  store.transaction(() => {
    for (const service of services) service.seed(ctx);
  });
  return ctx;
};

describe('glance internal API', () => {
  let dir: string;
  let ctx: CloudContext;
  let stop: () => void;
  const project = (name: string): string =>
    ctx.store.collection(projects).findOne('name', name)?.id ?? '';
  const byName = (name: string): ImageDoc => {
    const image = ctx.store
      .collection(images)
      .all()
      .find((i) => i.name === name);
    if (!image) throw new Error(name);
    return image;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'glance-internal-'));
    ctx = makeContext(dir);
    stop = startLifecycle(ctx);
  });
  afterAll(() => {
    stop();
    ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds boot images as the project sees them', () => {
    const demo = project('demo');
    const cirros = byName('cirros-0.6.2-x86_64-disk');
    expect(findImageForBoot(ctx, cirros.id, demo)).toMatchObject({
      id: cirros.id,
      name: 'cirros-0.6.2-x86_64-disk',
      status: 'active',
      min_disk: 1,
      min_ram: 0,
      disk_format: 'qcow2',
      container_format: 'bare',
      visibility: 'public',
      size: 16384,
    });
    const altPrivate = byName('alt-private-image');
    expect(findImageForBoot(ctx, altPrivate.id, demo)).toBeNull();
    expect(findImageForBoot(ctx, altPrivate.id, project('alt_demo'))?.visibility).toBe('private');
    // A membership in any status makes the image readable, as glance's GET does.
    expect(findImageForBoot(ctx, byName('alt-shared-offer').id, demo)?.status).toBe('active');
    expect(findImageForBoot(ctx, byName('centos-7-x86_64-eol').id, demo)?.status).toBe(
      'deactivated',
    );
    const snapshot = findImageForBoot(ctx, byName('demo-web-snapshot').id, demo);
    expect(snapshot?.properties['image_type']).toBe('snapshot');
    expect(snapshot?.properties['base_image_ref']).toBe(cirros.id);
    expect(
      findImageForBoot(ctx, byName('cirros-0.6.2-x86_64-uec').id, demo)?.properties['kernel_id'],
    ).toBe(byName('cirros-0.6.2-x86_64-kernel').id);
    expect(findImageForBoot(ctx, 'nope', demo)).toBeNull();
    expect(findImageByName(ctx, 'cirros-0.6.2-x86_64-disk')).toEqual({ id: cirros.id });
    expect(findImageByName(ctx, 'no-such-image')).toBeNull();
    expect(findImageForBoot(ctx, cirros.id, demo)?.checksum).toBe(cirros.checksum);
    expect(imageExists(ctx, cirros.id)).toBe(true);
    expect(imageExists(ctx, 'nope')).toBe(false);
  });

  it('creates snapshot images that go queued → saving → active with real data', async () => {
    const { id } = createSnapshotImage(ctx, {
      name: 'web-1-snap',
      owner: project('demo'),
      properties: {
        image_type: 'snapshot',
        instance_uuid: 'c0ffee00-0000-4000-8000-000000000000',
      },
      size: 4096,
      min_disk: 1,
    });
    const seen = new Set<string>();
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      applyDueTransitions(ctx);
      const image = ctx.store.collection(images).get(id);
      if (image) seen.add(image.status);
      if (image?.status === 'active') break;
      await new Promise((r) => setTimeout(r, 2));
    }
    expect([...seen]).toEqual(['queued', 'saving', 'active']);
    const image = ctx.store.collection(images).get(id);
    expect(image).toMatchObject({
      name: 'web-1-snap',
      visibility: 'private',
      disk_format: 'qcow2',
      container_format: 'bare',
      size: 4096,
      virtual_size: 1024 ** 3,
      os_hash_algo: 'sha512',
      properties: { image_type: 'snapshot' },
    });
    expect(image?.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect(statSync(imageFile(ctx, id)).size).toBe(4096);
    expect(findImageForBoot(ctx, id, project('demo'))?.status).toBe('active');
    expect(findImageForBoot(ctx, id, project('alt_demo'))).toBeNull();
  });
});
