import { describe, expect, it, vi } from 'vitest';
import { identityList } from './identityPage';

const rows = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'].map((name, i) => ({
  id: `id-${i}`,
  name,
  enabled: i % 2 === 0,
}));
const name = (r: { name: string }): string => r.name;

describe('identityList', () => {
  it('answers the whole collection, read afresh, when no page or filter is asked for', async () => {
    const read = vi.fn(async () => rows);
    const session = `s-${Math.random()}`;
    expect(await identityList(session, 'users', {}, read, {}, name)).toEqual({
      items: ['delta', 'Alpha', 'charlie', 'bravo', 'echo'],
    });
    await identityList(session, 'users', {}, read, {}, name);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("cuts a table's pages from one read of the session, sorted by name", async () => {
    const read = vi.fn(async () => rows);
    const session = `s-${Math.random()}`;
    const first = await identityList(session, 'users', {}, read, { limit: 2 }, name);
    expect(first).toMatchObject({ items: ['Alpha', 'bravo'], has_more_data: true });
    const second = await identityList(
      session,
      'users',
      {},
      read,
      { limit: 2, marker: first.next_marker },
      name,
    );
    expect(second).toMatchObject({ items: ['charlie', 'delta'], has_prev_data: true });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('filters by part of the name on one page holding every match when no size is asked', async () => {
    const read = vi.fn(async () => rows);
    const out = await identityList(
      `s-${Math.random()}`,
      'projects',
      {},
      read,
      { name__icontains: 'A' },
      name,
    );
    expect(out.items).toEqual(['Alpha', 'bravo', 'charlie', 'delta']);
    expect(out.has_more_data).toBe(false);
  });
});
