import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { imagesByName, seededId } from './testing';
import type { ImageBody, ImageList } from './testing';

interface Member {
  member_id: string;
  image_id: string;
  status: string;
  created_at: string;
  updated_at: string;
  schema: string;
}

describe('glance image members', () => {
  const cloud = useTestCloud();
  const projectId = async (user: string, project: string): Promise<string> =>
    (await cloud().login(user, project)).body.token.project?.id ?? '';

  it('shares an image: owner adds, member accepts, the image joins the member’s list', async () => {
    const owner = await cloud().token('demo', 'alt_demo');
    const demo = await cloud().token('demo', 'demo');
    const demoProject = await projectId('demo', 'demo');
    const id = (
      await cloud().request<ImageBody>('POST', '/image/v2/images', {
        token: owner,
        body: { name: 'to-share', visibility: 'shared' },
      })
    ).body.id;

    const added = await cloud().request<Member>('POST', `/image/v2/images/${id}/members`, {
      token: owner,
      body: { member: demoProject },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      member_id: demoProject,
      image_id: id,
      status: 'pending',
      schema: '/v2/schemas/member',
    });
    expect(added.body.created_at).toMatch(/Z$/);
    const duplicate = await cloud().request<{ message: string }>(
      'POST',
      `/image/v2/images/${id}/members`,
      { token: owner, body: { member: demoProject } },
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain(`Member ${demoProject} is duplicated for image ${id}`);

    const listed = (): Promise<string[]> =>
      cloud()
        .request<ImageList>('GET', '/image/v2/images', { token: demo })
        .then((r) => r.body.images.map((i) => i.id));
    expect(await listed()).not.toContain(id);

    // Only the member decides its status.
    const ownerAccepts = await cloud().request<{ message: string }>(
      'PUT',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: owner, body: { status: 'accepted' } },
    );
    expect(ownerAccepts.status).toBe(403);
    expect(ownerAccepts.body.message).toContain(
      'You are not authorized to complete modify_member action.',
    );
    const accepted = await cloud().request<Member>(
      'PUT',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: demo, body: { status: 'accepted' } },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(await listed()).toContain(id);

    const invalid = await cloud().request<{ message: string }>(
      'PUT',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: demo, body: { status: 'maybe' } },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain(
      'Incorrect request: Status must be "pending", "accepted" or "rejected".',
    );

    const rejected = await cloud().request<Member>(
      'PUT',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: demo, body: { status: 'rejected' } },
    );
    expect(rejected.body.status).toBe('rejected');
    expect(await listed()).not.toContain(id);

    // Members list: the owner sees all, the member its own row.
    const forOwner = await cloud().request<{ members: Member[]; schema: string }>(
      'GET',
      `/image/v2/images/${id}/members`,
      { token: owner },
    );
    expect(forOwner.body.schema).toBe('/v2/schemas/members');
    expect(forOwner.body.members.map((m) => m.member_id)).toEqual([demoProject]);
    const shown = await cloud().request<Member>(
      'GET',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: demo },
    );
    expect(shown.body.status).toBe('rejected');

    // Only the owner removes a member.
    const memberRemoves = await cloud().request<{ message: string }>(
      'DELETE',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: demo },
    );
    expect(memberRemoves.status).toBe(403);
    expect(memberRemoves.body.message).toContain(
      'You are not authorized to complete delete_member action.',
    );
    const removed = await cloud().request(
      'DELETE',
      `/image/v2/images/${id}/members/${demoProject}`,
      {
        token: owner,
      },
    );
    expect(removed.status).toBe(204);
    const gone = await cloud().request<{ message: string }>(
      'GET',
      `/image/v2/images/${id}/members/${demoProject}`,
      { token: owner },
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toContain(
      `${demoProject} not found in the member list of the image ${id}.`,
    );
    // Without a membership the image is hidden again.
    const hidden = await cloud().request('GET', `/image/v2/images/${id}`, { token: demo });
    expect(hidden.status).toBe(404);
  });

  it('has members only on shared images, and only the owner adds them', async () => {
    const demo = await cloud().token('demo', 'demo');
    const mine = await seededId(cloud(), 'demo-app-image');
    const privateImage = await cloud().request<{ message: string }>(
      'POST',
      `/image/v2/images/${mine}/members`,
      { token: demo, body: { member: 'someone' } },
    );
    expect(privateImage.status).toBe(403);
    expect(privateImage.body.message).toContain(`Not allowed to create members for image ${mine}.`);
    const cirros = await seededId(cloud(), 'cirros-0.6.2-x86_64-disk');
    const publicList = await cloud().request<{ message: string }>(
      'GET',
      `/image/v2/images/${cirros}/members`,
      { token: demo },
    );
    expect(publicList.status).toBe(403);

    const toolbox = await seededId(cloud(), 'alt-shared-toolbox');
    const notOwner = await cloud().request<{ message: string }>(
      'POST',
      `/image/v2/images/${toolbox}/members`,
      { token: demo, body: { member: 'someone' } },
    );
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toContain(
      'You are not authorized to complete add_member action.',
    );
    const reader = await cloud().token('reader', 'demo');
    const pending = await seededId(cloud(), 'demo-upload-pending');
    const readerAdds = await cloud().request('POST', `/image/v2/images/${pending}/members`, {
      token: reader,
      body: { member: 'someone' },
    });
    expect(readerAdds.status).toBe(403);

    const badBodies: Array<[unknown, string]> = [
      [{}, 'Member to be added not specified'],
      [{ member: '' }, "Member can't be empty"],
      [[], 'Expected a member in the form: {"member": "image_id"}'],
    ];
    for (const [body, message] of badBodies) {
      const response = await cloud().request<{ message: string }>(
        'POST',
        `/image/v2/images/${pending}/members`,
        { token: demo, body },
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    }
    const missing = await cloud().request<{ message: string }>(
      'GET',
      '/image/v2/images/00000000-0000-0000-0000-000000000000/members',
      { token: demo },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('Image 00000000-0000-0000-0000-000000000000 not found.');
  });

  it('lets a pending member see the seeded offer and accept it', async () => {
    const demo = await cloud().token('demo', 'demo');
    const demoProject = await projectId('demo', 'demo');
    const offer = await seededId(cloud(), 'alt-shared-offer');
    const mine = await cloud().request<{ members: Member[] }>(
      'GET',
      `/image/v2/images/${offer}/members`,
      { token: demo },
    );
    expect(mine.body.members).toEqual([
      expect.objectContaining({ member_id: demoProject, status: 'pending' }),
    ]);
    await cloud().request('PUT', `/image/v2/images/${offer}/members/${demoProject}`, {
      token: demo,
      body: { status: 'accepted' },
    });
    expect((await imagesByName(cloud(), demo)).get('alt-shared-offer')?.status).toBe('active');
    const listed = await cloud().request<ImageList>('GET', '/image/v2/images', { token: demo });
    expect(listed.body.images.map((i) => i.name)).toContain('alt-shared-offer');
  });
});
