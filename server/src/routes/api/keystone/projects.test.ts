import { describe, expect, it } from 'vitest';
import type { Project } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

const names = (items: Project[]): string[] => items.map((p) => p.name).sort();

describe('GET /api/keystone/projects/', () => {
  it('?user=current lists the projects the user can switch to', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, { url: '/api/keystone/projects/?user=current' });
    expect(res.statusCode).toBe(200);
    expect(names(res.json().items)).toEqual(['alt_demo', 'demo']);
    expect(res.json().items[0]).toMatchObject({ domain_id: 'default', enabled: true });
  });

  it('lists every project for an admin, filtered by name', async () => {
    const admin = await t.login('admin');
    const all = await t.as(admin, { url: '/api/keystone/projects/' });
    expect(names(all.json().items)).toEqual(expect.arrayContaining(['admin', 'alt_demo', 'demo']));
    const one = await t.as(admin, { url: '/api/keystone/projects/?name=demo' });
    expect(names(one.json().items)).toEqual(['demo']);
  });

  it("?user=<id> lists that user's projects", async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, { url: `/api/keystone/projects/?user=${demo.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(names(res.json().items)).toEqual(['alt_demo', 'demo']);
  });

  it("is refused to a member, with Keystone's message", async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, { url: '/api/keystone/projects/' });
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().message.length).toBeGreaterThan(0);
  });
});
