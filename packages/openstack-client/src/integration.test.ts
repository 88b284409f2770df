import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenStackHttpError } from './http/errors';
import { findEndpoint } from './http/catalog';
import { authenticatePassword, authenticateToken } from './keystone/tokens';
import { clearMicroversionCache } from './nova/versions';
import { createOpenStackClient } from './openStackClient';
import type { AuthResult } from './keystone/tokens';
import type { OpenStackClient } from './openStackClient';

/**
 * The client against the demo cloud: real HTTP, real upstream shapes. The demo cloud is a sibling
 * workspace written in parallel; until its entry exists this suite is skipped, not failed.
 */
interface DemoCloud {
  url: string;
  authUrl: string;
  close(): Promise<void>;
}
interface DemoCloudModule {
  startDemoCloud(options: { dataDir: string; port?: number }): Promise<DemoCloud>;
}

const demoCloudEntry = new URL('../../demo-cloud/src/index.ts', import.meta.url);
const available = existsSync(demoCloudEntry);
// A variable specifier keeps tsc from resolving the (possibly still missing) sibling entry.
const demoCloudPackage = '@skydeck/demo-cloud';

describe.skipIf(!available)('against the demo cloud', () => {
  let cloud: DemoCloud;
  let dataDir: string;
  let demo: AuthResult;
  let admin: AuthResult;

  const clientFor = (auth: AuthResult, region = 'RegionOne'): OpenStackClient =>
    createOpenStackClient({
      authUrl: cloud.authUrl,
      token: auth.token,
      catalog: auth.body.catalog ?? [],
      region,
      projectId: auth.body.project?.id,
    });

  beforeAll(async () => {
    clearMicroversionCache();
    dataDir = await mkdtemp(join(tmpdir(), 'osc-it-'));
    const { startDemoCloud } = (await import(demoCloudPackage)) as DemoCloudModule;
    cloud = await startDemoCloud({ dataDir, port: 0 });
    demo = await authenticatePassword({
      authUrl: cloud.authUrl,
      username: 'demo',
      password: 'demo',
      userDomainName: 'Default',
      scope: { project: { name: 'demo', domainName: 'Default' } },
    });
    admin = await authenticatePassword({
      authUrl: cloud.authUrl,
      username: 'admin',
      password: 'admin',
      userDomainId: 'default',
      scope: { project: { name: 'admin', domainId: 'default' } },
    });
  });

  afterAll(async () => {
    await cloud?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe('keystone', () => {
    it('issues a project-scoped token with implied roles and a catalog', () => {
      expect(demo.token).not.toBe('');
      expect(demo.body.user).toMatchObject({ name: 'demo', domain: { id: 'default' } });
      expect(demo.body.project).toMatchObject({ name: 'demo', domain: { id: 'default' } });
      expect(demo.body.roles?.map((role) => role.name).sort()).toEqual(['member', 'reader']);
      expect(demo.body.methods).toEqual(['password']);
      const compute = findEndpoint(demo.body.catalog ?? [], {
        type: 'compute',
        region: 'RegionOne',
      });
      expect(compute?.url).toMatch(/\/compute\/v2\.1$/);
      expect(
        findEndpoint(demo.body.catalog ?? [], { type: 'compute', region: 'RegionTwo' }),
      ).toBeDefined();
    });

    it('refuses a wrong password with 401', async () => {
      const error = await authenticatePassword({
        authUrl: cloud.authUrl,
        username: 'demo',
        password: 'wrong',
        userDomainName: 'Default',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenStackHttpError);
      expect(error).toMatchObject({ status: 401, service: 'identity' });
    });

    it('rescopes with the token method and gets an unscoped token on request', async () => {
      const rescoped = await authenticateToken({
        authUrl: cloud.authUrl,
        token: demo.token,
        scope: { project: { id: demo.body.project?.id ?? '' } },
      });
      expect(rescoped.body.project?.name).toBe('demo');
      const unscoped = await authenticatePassword({
        authUrl: cloud.authUrl,
        username: 'demo',
        password: 'demo',
        scope: 'unscoped',
      });
      expect(unscoped.body.project).toBeUndefined();
    });

    it('answers the calls a member may make', async () => {
      const keystone = clientFor(demo).keystone;
      await expect(keystone.version()).resolves.toMatchObject({ id: expect.stringMatching(/^v3/) });
      await expect(keystone.validateToken(demo.token)).resolves.toMatchObject({
        user: { name: 'demo' },
      });
      const projects = await keystone.listAuthProjects();
      expect(projects.map((project) => project.name)).toContain('demo');
      await expect(keystone.listUserProjects(demo.body.user.id)).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'demo' })]),
      );
      await expect(keystone.getProject(demo.body.project?.id ?? '')).resolves.toMatchObject({
        name: 'demo',
      });
      await expect(keystone.listRegions()).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'RegionOne' })]),
      );
    });

    it('answers the admin calls', async () => {
      const keystone = clientFor(admin).keystone;
      const projects = await keystone.listProjects();
      expect(projects.map((project) => project.name)).toEqual(
        expect.arrayContaining(['admin', 'demo']),
      );
      await expect(keystone.listProjects({ name: 'demo' })).resolves.toHaveLength(1);
      await expect(keystone.listDomains()).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'default', name: 'Default' })]),
      );
      await expect(keystone.getDomain('default')).resolves.toMatchObject({ name: 'Default' });
      const users = await keystone.listUsers({ domain_id: 'default' });
      expect(users.map((user) => user.name)).toEqual(
        expect.arrayContaining(['admin', 'demo', 'reader']),
      );
      await expect(keystone.getUser(demo.body.user.id)).resolves.toMatchObject({ name: 'demo' });
      const roles = await keystone.listRoles();
      expect(roles.map((role) => role.name)).toEqual(
        expect.arrayContaining(['admin', 'member', 'reader']),
      );
      const assignments = await keystone.listRoleAssignments({
        'user.id': demo.body.user.id,
        'scope.project.id': demo.body.project?.id,
        effective: true,
        include_names: true,
      });
      expect(assignments.map((assignment) => assignment.role.name)).toEqual(
        expect.arrayContaining(['member']),
      );
    });
  });

  describe('nova', () => {
    it('advertises the Zed range', async () => {
      const nova = clientFor(demo).nova;
      await expect(nova.microversion()).resolves.toEqual({ min: '2.1', max: '2.93' });
      await expect(nova.supports('2.64')).resolves.toBe(true);
    });

    it('lists and shows flavors with extra specs inline', async () => {
      const nova = clientFor(demo).nova;
      const flavors = await nova.flavors.list();
      expect(flavors.length).toBeGreaterThan(0);
      const first = flavors[0];
      if (!first) throw new Error('no flavors seeded');
      expect(typeof first.swap).toBe('number');
      expect(first).toHaveProperty('extra_specs');
      expect(first).toHaveProperty('os-flavor-access:is_public');
      await expect(nova.flavors.get(first.id)).resolves.toMatchObject({ id: first.id });
      await expect(nova.flavors.get('no-such-flavor')).rejects.toMatchObject({
        status: 404,
        title: 'itemNotFound',
      });
    });

    it('forbids a member to create flavors', async () => {
      const nova = clientFor(demo).nova;
      await expect(
        nova.flavors.create({ name: 'nope', ram: 64, vcpus: 1, disk: 0 }),
      ).rejects.toMatchObject({ status: 403 });
    });

    it('lets an admin manage flavors, extra specs and access', async () => {
      const flavors = clientFor(admin).nova.flavors;
      const created = await flavors.create({
        name: 'it.private',
        ram: 128,
        vcpus: 1,
        disk: 1,
        'OS-FLV-EXT-DATA:ephemeral': 0,
        swap: 0,
        rxtx_factor: 1,
        'os-flavor-access:is_public': false,
        description: 'integration',
      });
      expect(created).toMatchObject({ name: 'it.private', description: 'integration' });
      await expect(flavors.updateDescription(created.id, 'changed')).resolves.toMatchObject({
        description: 'changed',
      });
      await expect(
        flavors.setExtraSpecs(created.id, { 'hw:cpu_policy': 'shared' }),
      ).resolves.toEqual({
        'hw:cpu_policy': 'shared',
      });
      await expect(flavors.getExtraSpecs(created.id)).resolves.toEqual({
        'hw:cpu_policy': 'shared',
      });
      await flavors.deleteExtraSpec(created.id, 'hw:cpu_policy');
      await expect(flavors.getExtraSpecs(created.id)).resolves.toEqual({});
      const demoProject = demo.body.project?.id ?? '';
      await expect(flavors.addAccess(created.id, demoProject)).resolves.toEqual(
        expect.arrayContaining([{ flavor_id: created.id, tenant_id: demoProject }]),
      );
      await expect(flavors.listAccess(created.id)).resolves.toEqual(
        expect.arrayContaining([{ flavor_id: created.id, tenant_id: demoProject }]),
      );
      await flavors.removeAccess(created.id, demoProject);
      await expect(flavors.listAccess(created.id)).resolves.not.toEqual(
        expect.arrayContaining([{ flavor_id: created.id, tenant_id: demoProject }]),
      );
      const all = await flavors.list({ isPublic: 'None' });
      expect(all.map((flavor) => flavor.id)).toContain(created.id);
      await flavors.delete(created.id);
      await expect(flavors.get(created.id)).rejects.toMatchObject({ status: 404 });
    });

    it('generates, imports, lists, shows and deletes key pairs (names with spaces)', async () => {
      const keypairs = clientFor(demo).nova.keypairs;
      const generated = await keypairs.create({ name: 'it key' });
      expect(generated.private_key).toMatch(/PRIVATE KEY/);
      expect(generated).toMatchObject({ name: 'it key', type: 'ssh' });
      const imported = await keypairs.create({
        name: 'it-imported',
        publicKey: generated.public_key,
      });
      expect(imported.private_key).toBeUndefined();
      expect(imported.fingerprint).toBe(generated.fingerprint);
      const listed = await keypairs.list();
      expect(listed.map((keypair) => keypair.name)).toEqual(
        expect.arrayContaining(['it key', 'it-imported']),
      );
      await expect(keypairs.get('it key')).resolves.toMatchObject({
        name: 'it key',
        user_id: demo.body.user.id,
      });
      await expect(keypairs.create({ name: 'it key' })).rejects.toMatchObject({ status: 409 });
      await keypairs.delete('it key');
      await keypairs.delete('it-imported');
      await expect(keypairs.get('it key')).rejects.toMatchObject({ status: 404 });
    });

    it('creates server groups with policy and rules, and reads them back', async () => {
      const groups = clientFor(demo).nova.serverGroups;
      const created = await groups.create({
        name: 'it-group',
        policy: 'anti-affinity',
        rules: { max_server_per_host: 2 },
      });
      expect(created).toMatchObject({
        name: 'it-group',
        policy: 'anti-affinity',
        policies: ['anti-affinity'],
        rules: { max_server_per_host: 2 },
        members: [],
      });
      await expect(groups.get(created.id)).resolves.toMatchObject({ id: created.id });
      const listed = await groups.list();
      expect(listed.map((group) => group.id)).toContain(created.id);
      await groups.delete(created.id);
      await expect(groups.get(created.id)).rejects.toMatchObject({ status: 404 });
    });

    it('reads limits, extensions and availability zones', async () => {
      const nova = clientFor(demo).nova;
      const limits = await nova.limits.get({ reserved: true });
      expect(limits.absolute.maxTotalCores).toEqual(expect.any(Number));
      expect(limits.rate).toEqual([]);
      await expect(nova.extensions.list()).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ alias: expect.any(String) })]),
      );
      await expect(nova.availabilityZones.list()).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ zoneName: expect.any(String) })]),
      );
    });

    it('reaches the second region', async () => {
      const nova = clientFor(demo, 'RegionTwo').nova;
      await expect(nova.flavors.list()).resolves.toEqual(expect.any(Array));
    });
  });

  describe('glance', () => {
    it('discovers the image API and lists images with paging', async () => {
      const glance = clientFor(demo).glance;
      await expect(glance.version()).resolves.toMatchObject({ current: '2.16' });
      const page = await glance.images.list({ limit: 1 });
      expect(page.images).toHaveLength(1);
      expect(page.nextMarker).toBe(page.images[0]?.id);
      const all = await glance.images.listAll({ limit: 1 });
      expect(all.truncated).toBe(false);
      expect(all.images.length).toBeGreaterThan(1);
      const active = await glance.images.list({ filters: { status: 'active' } });
      expect(active.images.every((image) => image.status === 'active')).toBe(true);
    });

    it('creates, patches, uploads, downloads and deletes an image', async () => {
      const images = clientFor(demo).glance.images;
      const created = await images.create({
        name: 'it-image',
        disk_format: 'raw',
        container_format: 'bare',
        visibility: 'private',
        os_distro: 'cirros',
      });
      expect(created).toMatchObject({ status: 'queued', os_distro: 'cirros' });
      const patched = await images.update(created.id, {
        set: { name: 'it-image-2', os_version: '0.6', min_ram: 64 },
        remove: ['os_distro'],
      });
      expect(patched).toMatchObject({ name: 'it-image-2', os_version: '0.6', min_ram: 64 });
      expect(patched).not.toHaveProperty('os_distro');
      const data = Buffer.alloc(70_000, 5);
      async function* chunks(): AsyncGenerator<Uint8Array> {
        yield data.subarray(0, 30_000);
        yield data.subarray(30_000);
      }
      await images.upload(created.id, chunks());
      await expect(images.get(created.id)).resolves.toMatchObject({
        status: 'active',
        size: data.length,
      });
      const download = await images.download(created.id);
      expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
      await images.update(created.id, { set: { protected: true } });
      await expect(images.delete(created.id)).rejects.toMatchObject({
        status: 403,
        message: `Image ${created.id} is protected and cannot be deleted.`,
      });
      await images.update(created.id, { set: { protected: false } });
      await images.delete(created.id);
      await expect(images.get(created.id)).rejects.toMatchObject({ status: 404 });
    });

    it('reads metadefs and the image schema', async () => {
      const glance = clientFor(demo).glance;
      const namespaces = await glance.metadefs.listNamespaces({
        resourceTypes: ['OS::Glance::Image'],
      });
      expect(namespaces.map((ns) => ns.namespace)).toContain('OS::Compute::VirtCPUTopology');
      const topology = await glance.metadefs.getNamespace('OS::Compute::VirtCPUTopology');
      expect(Object.keys(topology.properties ?? {})).toContain('cpu_sockets');
      const types = await glance.metadefs.listResourceTypes();
      expect(types.map((type) => type.name)).toContain('OS::Glance::Image');
      await expect(glance.schemas.get('image')).resolves.toMatchObject({ name: 'image' });
    });
  });

  describe('cinder', () => {
    it('negotiates the Zed range and reads the project’s storage', async () => {
      const cinder = clientFor(demo).cinder;
      await expect(cinder.microversion()).resolves.toEqual({ min: '3.0', max: '3.70' });
      const volumes = await cinder.volumes.list();
      expect(volumes.volumes.length).toBeGreaterThan(0);
      const types = await cinder.volumeTypes.list();
      expect(types.map((type) => type.name)).toContain('lvmdriver-1');
      await expect(cinder.volumeTypes.getDefault()).resolves.toMatchObject({
        id: expect.any(String),
      });
      const limits = await cinder.limits.get();
      expect(limits.absolute.maxTotalVolumes).toEqual(expect.any(Number));
      const usage = await cinder.quotaSets.getWithUsage(demo.body.project?.id ?? '');
      expect(usage.volumes).toMatchObject({
        limit: expect.any(Number),
        in_use: expect.any(Number),
      });
      await expect(cinder.availabilityZones.list()).resolves.toEqual(
        expect.arrayContaining([expect.objectContaining({ zoneName: 'nova' })]),
      );
      await expect(cinder.extensions.list()).resolves.not.toHaveLength(0);
      await expect(cinder.snapshots.list()).resolves.toMatchObject({
        snapshots: expect.any(Array),
      });
      await expect(cinder.backups.list()).resolves.toMatchObject({ backups: expect.any(Array) });
    });

    it('creates a volume and edits its metadata', async () => {
      const volumes = clientFor(demo).cinder.volumes;
      const created = await volumes.create({ size: 1, name: 'it-volume', metadata: { a: '1' } });
      expect(created).toMatchObject({ name: 'it-volume', size: 1 });
      await expect(volumes.setMetadata(created.id, { b: '2' })).resolves.toEqual({
        a: '1',
        b: '2',
      });
      await volumes.deleteMetadata(created.id, 'a');
      await expect(volumes.getMetadata(created.id)).resolves.toEqual({ b: '2' });
      await volumes.update(created.id, { description: 'changed' });
      await expect(volumes.get(created.id)).resolves.toMatchObject({ description: 'changed' });
    });

    it('keeps admin calls for admins', async () => {
      await expect(clientFor(demo).cinder.services.list()).rejects.toMatchObject({ status: 403 });
      const admins = clientFor(admin).cinder;
      await expect(admins.services.list()).resolves.not.toHaveLength(0);
      await expect(admins.qosSpecs.list()).resolves.toEqual(expect.any(Array));
      const all = await admins.volumes.listAll({ allProjects: true });
      expect(all.volumes.length).toBeGreaterThan(0);
    });
  });

  it('revokes the token last', async () => {
    const session = await authenticatePassword({
      authUrl: cloud.authUrl,
      username: 'demo',
      password: 'demo',
      scope: { project: { name: 'demo' } },
    });
    const keystone = clientFor(admin).keystone;
    await keystone.revokeToken(session.token);
    await expect(keystone.validateToken(session.token)).rejects.toMatchObject({ status: 404 });
  });
});
