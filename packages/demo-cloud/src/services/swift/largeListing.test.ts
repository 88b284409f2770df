import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { SCALE_CONTAINER } from './seed';
import { swiftClient } from './swiftTesting';

/** A bench-like check, kept out of the default run: `SLOW_TESTS=1 npx vitest run ...`. */
describe.skipIf(!process.env['SLOW_TESTS'])('swift listings of 100,000 objects', () => {
  const cloud = useTestCloud({ scale: { objects: 100_000 } });
  const swift = swiftClient(cloud);

  it('holds the scale-seeded objects', async () => {
    const head = await swift.request('HEAD', `${await swift.account()}/${SCALE_CONTAINER}`, {
      as: 'demo',
    });
    expect(head.headers.get('x-container-object-count')).toBe('100000');
  });

  it('answers a page of 10,000 in under 2 s, and the next page from its marker', async () => {
    const path = `${await swift.account()}/${SCALE_CONTAINER}`;
    const started = performance.now();
    const page = await swift.list<{ name: string }>(`${path}?limit=10000`, { as: 'demo' });
    const elapsed = performance.now() - started;
    expect(page).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(2000);
    const last = page[page.length - 1]?.name ?? '';
    const next = await swift.list<{ name: string }>(
      `${path}?limit=10000&marker=${encodeURIComponent(last)}`,
      { as: 'demo' },
    );
    expect((next[0]?.name ?? '') > last).toBe(true);
    expect(next).toHaveLength(10_000);
  });

  it('folds 100 folders with a delimiter without scanning their objects', async () => {
    const path = `${await swift.account()}/${SCALE_CONTAINER}`;
    const started = performance.now();
    const folders = await swift.list<{ subdir?: string }>(`${path}?delimiter=/`, { as: 'demo' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(folders).toHaveLength(100);
    expect(folders[0]).toEqual({ subdir: 'folder-0001/' });
    const inside = await swift.list<{ name: string }>(
      `${path}?prefix=folder-0042/&delimiter=/&limit=5`,
      { as: 'demo' },
    );
    expect(inside.map((o) => o.name)).toEqual([
      'folder-0042/object-0041001.txt',
      'folder-0042/object-0041002.txt',
      'folder-0042/object-0041003.txt',
      'folder-0042/object-0041004.txt',
      'folder-0042/object-0041005.txt',
    ]);
  });
});
