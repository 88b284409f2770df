import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { imagesByName, patchImage, rawRequest, seededId } from './testing';
import type { ImageBody, ImageList } from './testing';

const names = (list: ImageList): string[] => list.images.map((i) => i.name ?? '');

describe('glance images', () => {
  const cloud = useTestCloud();
  const token = (user: string, project: string): Promise<string> => cloud().token(user, project);
  const list = async (user: string, project: string, query = ''): Promise<ImageList> => {
    const response = await cloud().request<ImageList>('GET', `/image/v2/images${query}`, {
      token: await token(user, project),
    });
    expect(response.status).toBe(200);
    return response.body;
  };
  const projectId = async (name: string): Promise<string> =>
    (await cloud().login(name === 'alt_demo' ? 'demo' : 'admin', name)).body.token.project?.id ??
    '';

  it('lists what each caller may see, as glance does by default', async () => {
    const publicImages = [
      'cirros-0.6.2-x86_64-kernel',
      'cirros-0.6.2-x86_64-ramdisk',
      'cirros-0.6.2-x86_64-uec',
      'cirros-0.6.2-x86_64-disk',
      'ubuntu-22.04-server-cloudimg-amd64',
      'centos-7-x86_64-eol',
    ];
    const demoOwn = [
      'debian-12-golden',
      'demo-app-image',
      'demo-web-snapshot',
      'demo-upload-pending',
    ];
    const demo = names(await list('demo', 'demo'));
    expect(demo.sort()).toEqual([...publicImages, ...demoOwn, 'alt-shared-toolbox'].sort());
    // Newest first by default.
    expect(demo[0]).toBe('alt-shared-toolbox');
    // A reader of the project sees the same images.
    expect(names(await list('reader', 'demo')).sort()).toEqual(demo.sort());

    const alt = names(await list('demo', 'alt_demo'));
    expect(alt.sort()).toEqual(
      [
        ...publicImages,
        'alt-shared-toolbox',
        'alt-shared-offer',
        'alt-community-alpine',
        'alt-private-image',
      ].sort(),
    );

    // Admins see every project's images, but not others' community images unless asked.
    const admin = names(await list('admin', 'admin'));
    expect(admin).toContain('alt-private-image');
    expect(admin).toContain('admin-maintenance-tools');
    expect(admin).toContain('alt-shared-offer');
    expect(admin).not.toContain('alt-community-alpine');
    expect(admin).not.toContain('rescue-tools');
    expect(names(await list('admin', 'admin', '?visibility=community'))).toEqual([
      'alt-community-alpine',
    ]);
  });

  it('filters by visibility, member status and os_hidden', async () => {
    expect(names(await list('demo', 'demo', '?visibility=community'))).toEqual([
      'alt-community-alpine',
    ]);
    expect(names(await list('demo', 'demo', '?visibility=shared')).sort()).toEqual([
      'alt-shared-toolbox',
      'demo-upload-pending',
    ]);
    expect(names(await list('demo', 'demo', '?visibility=private')).sort()).toEqual([
      'debian-12-golden',
      'demo-app-image',
      'demo-web-snapshot',
    ]);
    const pending = names(await list('demo', 'demo', '?member_status=pending'));
    expect(pending).toContain('alt-shared-offer');
    expect(pending).not.toContain('alt-shared-toolbox');
    expect(names(await list('demo', 'demo', '?os_hidden=true'))).toEqual(['rescue-tools']);
    const all = names(await list('demo', 'demo', '?visibility=all&member_status=all'));
    expect(all).toEqual(expect.arrayContaining(['alt-community-alpine', 'alt-shared-offer']));
    expect(all).not.toContain('alt-private-image');
    expect(all).not.toContain('admin-maintenance-tools');
  });

  it('shows a visible image and hides the others behind a 404', async () => {
    const demo = await token('demo', 'demo');
    const offer = await seededId(cloud(), 'alt-shared-offer');
    // A pending member may already look at the image.
    expect(
      (await cloud().request('GET', `/image/v2/images/${offer}`, { token: demo })).status,
    ).toBe(200);
    for (const name of ['alt-private-image', 'admin-maintenance-tools']) {
      const id = await seededId(cloud(), name);
      const hidden = await cloud().request('GET', `/image/v2/images/${id}`, { token: demo });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({
        message: `No image found with ID ${id}<br /><br />\n\n\n`,
        code: '404 Not Found',
        title: 'Not Found',
      });
    }
    const cirros = await cloud().request<ImageBody>(
      'GET',
      `/image/v2/images/${await seededId(cloud(), 'cirros-0.6.2-x86_64-disk')}`,
      { token: await token('reader', 'demo') },
    );
    expect(cirros.body).toMatchObject({
      name: 'cirros-0.6.2-x86_64-disk',
      status: 'active',
      visibility: 'public',
      disk_format: 'qcow2',
      container_format: 'bare',
      min_disk: 1,
      virtual_size: 117440512,
      os_hash_algo: 'sha512',
      stores: 'fs',
      schema: '/v2/schemas/image',
    });
    expect(cirros.body.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect(cirros.body.os_hash_value).toMatch(/^[0-9a-f]{128}$/);
    expect(cirros.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(cirros.body['owner_specified.openstack.md5']).toBe(cirros.body.checksum);
  });

  it('filters on ids with id=in: (quoted or not), only among the images the caller sees', async () => {
    const cirros = await seededId(cloud(), 'cirros-0.6.2-x86_64-disk');
    const debian = await seededId(cloud(), 'debian-12-golden');
    const altShared = await seededId(cloud(), 'alt-shared-toolbox');
    const q = async (query: string, user = 'demo'): Promise<string[]> =>
      names(await list(user, user === 'demo' ? 'demo' : 'admin', query)).sort();
    const both = ['cirros-0.6.2-x86_64-disk', 'debian-12-golden'];
    expect(await q(`?id=in:${cirros},${debian}`)).toEqual(both);
    expect(await q(`?id=in:"${cirros}","${debian}"&limit=2`)).toEqual(both);
    expect(await q(`?id=${debian}`)).toEqual(['debian-12-golden']);
    expect(await q(`?id=in:${cirros},00000000-0000-4000-8000-000000000000`)).toEqual([both[0]]);
    // Another filter narrows the set; one that is not the caller's to see stays out.
    expect(await q(`?id=in:${cirros},${debian}&protected=true`)).toEqual(['debian-12-golden']);
    const admin = await q(`?id=in:${cirros},${altShared}`, 'admin');
    const demo = await q(`?id=in:${cirros},${altShared}`);
    expect(admin).toEqual(['alt-shared-toolbox', 'cirros-0.6.2-x86_64-disk']);
    expect(demo).toContain('cirros-0.6.2-x86_64-disk');
    expect(demo.length).toBeLessThanOrEqual(admin.length);
    const bad = await cloud().request<{ message: string }>(
      'GET',
      `/image/v2/images?id=gt:${cirros}`,
      { token: await token('demo', 'demo') },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Unable to filter by unknown operator 'gt'.");
  });

  it('filters on attributes, operators, ranges, tags and properties', async () => {
    const q = async (query: string): Promise<string[]> =>
      names(await list('demo', 'demo', query)).sort();
    expect(await q('?name=cirros-0.6.2-x86_64-disk')).toEqual(['cirros-0.6.2-x86_64-disk']);
    expect(await q('?name=in:cirros-0.6.2-x86_64-disk,debian-12-golden')).toEqual([
      'cirros-0.6.2-x86_64-disk',
      'debian-12-golden',
    ]);
    expect(await q('?disk_format=aki')).toEqual(['cirros-0.6.2-x86_64-kernel']);
    expect(await q('?container_format=in:aki,ari')).toEqual([
      'cirros-0.6.2-x86_64-kernel',
      'cirros-0.6.2-x86_64-ramdisk',
    ]);
    expect(await q('?status=deactivated')).toEqual(['centos-7-x86_64-eol']);
    expect(await q('?status=queued')).toEqual(['demo-upload-pending']);
    expect(await q('?protected=true')).toEqual(['debian-12-golden']);
    expect(await q('?tag=ubuntu&tag=lts')).toEqual(['ubuntu-22.04-server-cloudimg-amd64']);
    expect(await q('?os_distro=debian')).toEqual(['debian-12-golden']);
    expect(await q('?size_min=24000')).toEqual([
      'demo-app-image',
      'ubuntu-22.04-server-cloudimg-amd64',
    ]);
    expect(await q('?size_max=8192&disk_format=ari')).toEqual(['cirros-0.6.2-x86_64-ramdisk']);
    expect(await q(`?owner=${await projectId('alt_demo')}`)).toEqual(['alt-shared-toolbox']);
    expect(await q('?created_at=gt:2000-01-01T00:00:00Z&name=debian-12-golden')).toEqual([
      'debian-12-golden',
    ]);
    expect(await q('?created_at=lt:2000-01-01T00:00:00Z')).toEqual([]);

    const demo = await token('demo', 'demo');
    const bad = async (query: string): Promise<string> => {
      const response = await cloud().request<{ message: string }>(
        'GET',
        `/image/v2/images${query}`,
        { token: demo },
      );
      expect(response.status).toBe(400);
      return response.body.message.replace('<br /><br />\n\n\n', '');
    };
    expect(await bad('?protected=yes')).toBe(
      "Invalid value 'yes' for 'protected' filter. Valid values are 'true' or 'false'.",
    );
    expect(await bad('?os_hidden=maybe')).toBe(
      "Invalid value 'maybe' for 'os_hidden' filter. Valid values are 'true' or 'false'.",
    );
    expect(await bad('?visibility=everyone')).toBe('Invalid visibility value: everyone');
    expect(await bad('?member_status=maybe')).toBe('Invalid status: maybe');
    expect(await bad('?limit=ten')).toBe('limit param must be an integer');
    expect(await bad('?limit=-1')).toBe('limit param must be positive');
    expect(await bad('?size_min=big')).toBe(
      'Unable to filter on a range with a non-numeric value.',
    );
    expect(await bad('?name=like:cirros')).toBe("Unable to filter by unknown operator 'like'.");
    expect(await bad('?sort_key=owner')).toBe(
      'Invalid sort key: owner. It must be one of the following: name, status, container_format, disk_format, size, id, created_at, updated_at.',
    );
    expect(await bad('?sort_dir=up')).toBe('Invalid sort direction: up');
    expect(await bad('?sort=name:asc&sort_key=name')).toBe(
      'Old and new sorting syntax cannot be combined',
    );
    expect(await bad('?changes-since=2020-01-01')).toBe(
      'The "changes-since" filter is no longer available on v2.',
    );
    expect(await bad('?marker=00000000-0000-0000-0000-000000000000')).toBe(
      'No image found with ID 00000000-0000-0000-0000-000000000000',
    );
  });

  it('sorts with either syntax and pages with markers and next links', async () => {
    const byName = names(await list('demo', 'demo', '?sort=name:asc'));
    expect(byName).toEqual(
      [...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    expect(names(await list('demo', 'demo', '?sort_key=name&sort_dir=asc'))).toEqual(byName);
    const bySize = (await list('demo', 'demo', '?sort=size:desc,name:asc')).images.map(
      (i) => i.size ?? 0,
    );
    expect(bySize).toEqual([...bySize].sort((a, b) => b - a));

    const page = await list('demo', 'demo', '?sort=name:asc&limit=4');
    expect(names(page)).toEqual(byName.slice(0, 4));
    expect(page.first).toBe('/v2/images?sort=name%3Aasc&limit=4');
    expect(page.schema).toBe('/v2/schemas/images');
    const lastId = page.images[3]?.id ?? '';
    expect(page.next).toBe(`/v2/images?sort=name%3Aasc&limit=4&marker=${lastId}`);
    // Following next links walks the whole list once.
    const walked: string[] = [];
    let next: string | undefined = '/v2/images?sort=name%3Aasc&limit=4';
    while (next) {
      const body = await list('demo', 'demo', next.slice('/v2/images'.length));
      walked.push(...names(body));
      next = body.next;
    }
    expect(walked).toEqual(byName);
    // A marker the caller may not see is refused.
    const hidden = await seededId(cloud(), 'alt-private-image');
    const refused = await cloud().request<{ message: string }>(
      'GET',
      `/image/v2/images?marker=${hidden}`,
      { token: await token('demo', 'demo') },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`Forbidding request, image ${hidden} not visible`);
  });

  it('creates queued images with glance defaults, properties and tags', async () => {
    const demo = await token('demo', 'demo');
    const created = await cloud().request<ImageBody>('POST', '/image/v2/images', {
      token: demo,
      body: {
        name: 'fresh',
        disk_format: 'qcow2',
        container_format: 'bare',
        tags: ['a', 'b', 'a'],
        os_distro: 'fedora',
        hw_disk_bus: 'scsi',
      },
    });
    expect(created.status).toBe(201);
    const image = created.body;
    expect(created.headers.get('location')).toBe(`${cloud().url}/image/v2/images/${image.id}`);
    expect(created.headers.get('openstack-image-import-methods')).toBe(
      'glance-direct,web-download,copy-image',
    );
    expect(created.headers.get('openstack-image-store-ids')).toBe('fs');
    expect(image).toMatchObject({
      name: 'fresh',
      status: 'queued',
      visibility: 'shared',
      protected: false,
      os_hidden: false,
      owner: await projectId('demo'),
      size: null,
      virtual_size: null,
      checksum: null,
      os_hash_algo: null,
      os_hash_value: null,
      min_disk: 0,
      min_ram: 0,
      tags: ['a', 'b'],
      os_distro: 'fedora',
      hw_disk_bus: 'scsi',
      self: `/v2/images/${image.id}`,
      file: `/v2/images/${image.id}/file`,
      schema: '/v2/schemas/image',
    });
    expect(image).not.toHaveProperty('stores');

    const withId = await cloud().request<ImageBody>('POST', '/image/v2/images', {
      token: demo,
      body: { id: '11111111-2222-3333-4444-555555555555', visibility: 'community' },
    });
    expect(withId.status).toBe(201);
    expect(withId.body).toMatchObject({ id: '11111111-2222-3333-4444-555555555555', name: null });
    const duplicate = await cloud().request<{ message: string }>('POST', '/image/v2/images', {
      token: demo,
      body: { id: '11111111-2222-3333-4444-555555555555' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain(
      'Image ID 11111111-2222-3333-4444-555555555555 already exists!',
    );
  });

  it('refuses invalid, read-only, reserved and unauthorized creations', async () => {
    const demo = await token('demo', 'demo');
    const create = async (
      body: unknown,
      user = demo,
    ): Promise<{ status: number; message: string }> => {
      const response = await cloud().request<{ message: string }>('POST', '/image/v2/images', {
        token: user,
        body,
      });
      return {
        status: response.status,
        message: response.body.message?.split('<br />')[0] ?? '',
      };
    };
    const typeError = await create({ name: 'x', min_ram: '512' });
    expect(typeError.status).toBe(400);
    expect(typeError.message).toMatch(
      /^Provided object does not match schema 'image': '512' is not of type 'integer'\n\nFailed validating 'type' in schema\['properties'\]\['min_ram'\]:/,
    );
    const custom = await create({ name: 'x', color: 1 });
    expect(custom.message).toContain("1 is not of type 'string'");
    expect(custom.message).toContain("Failed validating 'type' in schema['additionalProperties']");
    expect((await create({ disk_format: 'floppy' })).message).toContain(
      "'floppy' is not one of [None, 'ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2', 'vdi', 'iso', 'ploop']",
    );
    expect((await create({ kernel_id: 'not-a-uuid' })).message).toContain(
      "'not-a-uuid' does not match",
    );
    expect(await create({ status: 'active' })).toEqual({
      status: 403,
      message: "Attribute 'status' is read-only.",
    });
    expect(await create({ self: '/x' })).toEqual({
      status: 403,
      message: "Attribute 'self' is read-only.",
    });
    expect(await create({ os_glance_import_task: 'x' })).toEqual({
      status: 403,
      message: "Attribute 'os_glance_import_task' is reserved.",
    });
    expect(await create({ deleted: 'true' })).toEqual({
      status: 403,
      message: "Attribute 'deleted' is reserved.",
    });
    expect(await create({ name: 'x', min_disk: -1 })).toEqual({
      status: 400,
      message: "Invalid value '-1' for parameter 'min_disk': Cannot be a negative value",
    });
    expect(await create({ name: 'pub', visibility: 'public' })).toEqual({
      status: 403,
      message: 'You are not authorized to complete publicize_image action.',
    });
    expect(await create({ name: 'theirs', owner: await projectId('admin') })).toEqual({
      status: 403,
      message: 'You are not authorized to complete add_image action.',
    });
    expect(await create({ name: 'r' }, await token('reader', 'demo'))).toEqual({
      status: 403,
      message: 'You are not authorized to complete add_image action.',
    });
    const admin = await token('admin', 'admin');
    expect((await create({ name: 'public-by-admin', visibility: 'public' }, admin)).status).toBe(
      201,
    );
    const noBody = await rawRequest(cloud(), 'POST', '/image/v2/images', {
      token: demo,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(noBody.status).toBe(400);
    expect(noBody.json<{ message: string }>().message).toBe(
      'Malformed JSON in request body.<br /><br />\n\n\n',
    );
  });

  it('patches attributes and custom properties with JSON patch', async () => {
    const demo = await token('demo', 'demo');
    const created = await cloud().request<ImageBody>('POST', '/image/v2/images', {
      token: demo,
      body: { name: 'patchme', color: 'red', disk_format: 'raw' },
    });
    const id = created.body.id;
    const patched = await patchImage(cloud(), demo, id, [
      { op: 'replace', path: '/name', value: 'patched' },
      { op: 'add', path: '/size_class', value: 'small' },
      { op: 'replace', path: '/color', value: 'blue' },
      { op: 'add', path: '/min_ram', value: 256 },
      { op: 'replace', path: '/tags', value: ['x', 'y'] },
      { op: 'replace', path: '/visibility', value: 'private' },
      { op: 'replace', path: '/disk_format', value: 'qcow2' },
      { op: 'add', path: '/protected', value: true },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.json<ImageBody>()).toMatchObject({
      name: 'patched',
      size_class: 'small',
      color: 'blue',
      min_ram: 256,
      tags: ['x', 'y'],
      visibility: 'private',
      disk_format: 'qcow2',
      protected: true,
    });
    const removed = await patchImage(cloud(), demo, id, [
      { op: 'remove', path: '/color' },
      { op: 'add', path: '/protected', value: false },
    ]);
    expect(removed.json<ImageBody>()).not.toHaveProperty('color');
    // Adding an existing property with the 2.1 media type replaces it; 2.0 refuses.
    const again = await patchImage(cloud(), demo, id, [
      { op: 'add', path: '/size_class', value: 'large' },
    ]);
    expect(again.json<ImageBody>()['size_class']).toBe('large');
    const draft4 = await patchImage(
      cloud(),
      demo,
      id,
      [{ add: '/size_class', value: 'huge' }],
      'application/openstack-images-v2.0-json-patch',
    );
    expect(draft4.status).toBe(409);
    expect(draft4.json<{ message: string }>().message).toContain(
      'Property size_class already present.',
    );
  });

  it('refuses bad patches with glance’s statuses and messages', async () => {
    const demo = await token('demo', 'demo');
    const id = (
      await cloud().request<ImageBody>('POST', '/image/v2/images', {
        token: demo,
        body: { name: 'strict' },
      })
    ).body.id;
    const expectError = async (
      ops: unknown,
      status: number,
      message: string,
      user = demo,
      image = id,
    ): Promise<void> => {
      const response = await patchImage(cloud(), user, image, ops);
      expect(response.status).toBe(status);
      expect(response.json<{ message: string }>().message.split('<br />')[0]).toBe(message);
    };
    await expectError(
      [{ op: 'remove', path: '/nothing' }],
      409,
      'Property nothing does not exist.',
    );
    await expectError(
      [{ op: 'replace', path: '/nothing', value: 'x' }],
      409,
      'Property nothing does not exist.',
    );
    await expectError([{ op: 'remove', path: '/name' }], 403, 'Property name may not be removed.');
    await expectError(
      [{ op: 'replace', path: '/status', value: 'active' }],
      403,
      "Attribute 'status' is read-only.",
    );
    await expectError(
      [{ op: 'add', path: '/os_glance_x', value: 'y' }],
      403,
      "Attribute 'os_glance_x' is reserved.",
    );
    await expectError(
      [{ op: 'move', path: '/name', value: 'x' }],
      400,
      'Invalid operation: `move`. It must be one of the following: add, remove, replace.',
    );
    await expectError(
      [{ op: 'add', path: 'name', value: 'x' }],
      400,
      'Pointer `name` does not start with "/".',
    );
    await expectError(
      [{ op: 'add', path: '/a/b', value: 'x' }],
      400,
      "Invalid JSON pointer for this resource: '/a/b'",
    );
    await expectError(
      [{ op: 'add', path: '/x' }],
      400,
      'Operation "add" requires a member named "value".',
    );
    await expectError(
      { op: 'add' },
      400,
      'Request body must be a JSON array of operation objects.',
    );
    await expectError(
      [{ op: 'replace', path: '/visibility', value: 'public' }],
      403,
      'You are not authorized to complete publicize_image action.',
    );
    await expectError(
      [{ op: 'replace', path: '/owner', value: 'someone' }],
      403,
      "Owner can't be updated by non admin.",
    );
    await expectError(
      [{ op: 'replace', path: '/name', value: 'r' }],
      403,
      'You are not authorized to complete modify_image action.',
      await token('reader', 'demo'),
    );
    const cirros = await seededId(cloud(), 'cirros-0.6.2-x86_64-disk');
    await expectError(
      [{ op: 'replace', path: '/name', value: 'mine' }],
      403,
      'You are not authorized to complete modify_image action.',
      demo,
      cirros,
    );
    const hidden = await seededId(cloud(), 'alt-private-image');
    await expectError(
      [{ op: 'replace', path: '/name', value: 'x' }],
      404,
      `No image found with ID ${hidden}`,
      demo,
      hidden,
    );
    const golden = await seededId(cloud(), 'debian-12-golden');
    await expectError(
      [{ op: 'replace', path: '/disk_format', value: 'raw' }],
      403,
      'Attribute disk_format can be only replaced for a queued image.',
      demo,
      golden,
    );

    const wrongType = await patchImage(cloud(), demo, id, [], 'application/json');
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get('accept-patch')).toBe(
      'application/openstack-images-v2.0-json-patch, application/openstack-images-v2.1-json-patch',
    );
    expect(wrongType.json()).toEqual({
      message:
        'The request media type application/json is not supported by this server.\n<br /><br />\n',
      code: '415 Unsupported Media Type',
      title: 'Unsupported Media Type',
    });
  });

  it('deletes images, but never protected ones', async () => {
    const demo = await token('demo', 'demo');
    const golden = await seededId(cloud(), 'debian-12-golden');
    const refused = await cloud().request('DELETE', `/image/v2/images/${golden}`, { token: demo });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: `Image ${golden} is protected and cannot be deleted.<br /><br />\n\n\n`,
      code: '403 Forbidden',
      title: 'Forbidden',
    });
    const readerTry = await cloud().request<{ message: string }>(
      'DELETE',
      `/image/v2/images/${await seededId(cloud(), 'demo-app-image')}`,
      { token: await token('reader', 'demo') },
    );
    expect(readerTry.status).toBe(403);
    expect(readerTry.body.message).toContain(
      'You are not authorized to complete delete_image action.',
    );

    const id = (
      await cloud().request<ImageBody>('POST', '/image/v2/images', {
        token: demo,
        body: { name: 'doomed' },
      })
    ).body.id;
    expect(
      (await cloud().request('DELETE', `/image/v2/images/${id}`, { token: demo })).status,
    ).toBe(204);
    const gone = await cloud().request<{ message: string }>('GET', `/image/v2/images/${id}`, {
      token: demo,
    });
    expect(gone.status).toBe(404);
    const twice = await cloud().request<{ message: string }>('DELETE', `/image/v2/images/${id}`, {
      token: demo,
    });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toContain(`Failed to find image ${id} to delete`);
    // Deleted ids stay taken, as glance keeps the row.
    const reuse = await cloud().request('POST', '/image/v2/images', { token: demo, body: { id } });
    expect(reuse.status).toBe(409);
    expect((await imagesByName(cloud(), demo)).has('doomed')).toBe(false);
  });

  it('deactivates and reactivates images (owner or admin)', async () => {
    const demo = await token('demo', 'demo');
    const app = await seededId(cloud(), 'demo-app-image');
    const action = (
      id: string,
      what: string,
      user = demo,
    ): Promise<{ status: number; body: Record<string, unknown> }> =>
      cloud().request('POST', `/image/v2/images/${id}/actions/${what}`, { token: user });
    expect((await action(app, 'deactivate')).status).toBe(204);
    expect((await action(app, 'deactivate')).status).toBe(204);
    const shown = await cloud().request<ImageBody>('GET', `/image/v2/images/${app}`, {
      token: demo,
    });
    expect(shown.body.status).toBe('deactivated');
    expect((await action(app, 'reactivate')).status).toBe(204);
    expect(
      (await cloud().request<ImageBody>('GET', `/image/v2/images/${app}`, { token: demo })).body
        .status,
    ).toBe('active');

    const queued = await seededId(cloud(), 'demo-upload-pending');
    const notActive = await action(queued, 'deactivate');
    expect(notActive.status).toBe(403);
    expect(notActive.body['message']).toContain(
      "Not allowed to deactivate image in status 'queued'",
    );
    const cirros = await seededId(cloud(), 'cirros-0.6.2-x86_64-disk');
    const foreign = await action(cirros, 'deactivate');
    expect(foreign.status).toBe(403);
    expect(foreign.body['message']).toContain(
      'You are not authorized to complete deactivate action.',
    );
    const centos = await seededId(cloud(), 'centos-7-x86_64-eol');
    const admin = await token('admin', 'admin');
    expect((await action(centos, 'reactivate', admin)).status).toBe(204);
    expect((await action(centos, 'deactivate', admin)).status).toBe(204);
  });

  it('answers errors as HTML, JSON or text following Accept, like webob', async () => {
    const demo = await token('demo', 'demo');
    const path = '/image/v2/images/missing';
    const html = await rawRequest(cloud(), 'GET', path, { token: demo });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.text).toBe(
      '<html>\n <head>\n  <title>404 Not Found</title>\n </head>\n <body>\n  <h1>404 Not Found</h1>\n  No image found with ID missing<br /><br />\n\n\n\n </body>\n</html>',
    );
    const plain = await rawRequest(cloud(), 'GET', path, {
      token: demo,
      headers: { Accept: 'text/plain' },
    });
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(plain.text).toBe('404 Not Found\n\nNo image found with ID missing\n\n   ');
    const json = await rawRequest(cloud(), 'GET', path, {
      token: demo,
      headers: { Accept: 'application/json' },
    });
    expect(json.json()).toMatchObject({ code: '404 Not Found', title: 'Not Found' });
    expect(json.headers.get('x-openstack-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);

    const unauthenticated = await rawRequest(cloud(), 'GET', '/image/v2/images');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toBe(
      `Keystone uri="${cloud().url}/identity"`,
    );
  });
});
