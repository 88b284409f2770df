import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { seededId } from './testing';
import type { ImageBody } from './testing';

describe('glance image tags', () => {
  const cloud = useTestCloud();

  it('adds tags idempotently and removes them', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await seededId(cloud(), 'demo-app-image');
    const tag = (method: string, name: string, token = demo) =>
      cloud().request<{ message?: string }>(method, `/image/v2/images/${id}/tags/${name}`, {
        token,
      });
    expect((await tag('PUT', 'web')).status).toBe(204);
    expect((await tag('PUT', 'web')).status).toBe(204);
    expect((await tag('PUT', 'with space')).status).toBe(204);
    const shown = await cloud().request<ImageBody>('GET', `/image/v2/images/${id}`, {
      token: demo,
    });
    expect(shown.body.tags).toEqual(['web', 'with space']);
    const filtered = await cloud().request<{ images: ImageBody[] }>(
      'GET',
      '/image/v2/images?tag=web',
      { token: demo },
    );
    expect(filtered.body.images.map((i) => i.id)).toEqual([id]);

    expect((await tag('DELETE', 'web')).status).toBe(204);
    const missing = await tag('DELETE', 'web');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The resource could not be found.<br /><br />\n\n\n');
  });

  it('applies modify_image and image visibility', async () => {
    const demo = await cloud().token('demo', 'demo');
    const cirros = await seededId(cloud(), 'cirros-0.6.2-x86_64-disk');
    const foreign = await cloud().request<{ message: string }>(
      'PUT',
      `/image/v2/images/${cirros}/tags/mine`,
      { token: demo },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toContain(
      'You are not authorized to complete modify_image action.',
    );
    const hidden = await seededId(cloud(), 'alt-private-image');
    const invisible = await cloud().request<{ message: string }>(
      'PUT',
      `/image/v2/images/${hidden}/tags/mine`,
      { token: demo },
    );
    expect(invisible.status).toBe(404);
    expect(invisible.body.message).toContain(`Image ${hidden} not found.`);
    const reader = await cloud().token('reader', 'demo');
    const own = await seededId(cloud(), 'demo-app-image');
    expect(
      (await cloud().request('PUT', `/image/v2/images/${own}/tags/r`, { token: reader })).status,
    ).toBe(403);
  });
});
