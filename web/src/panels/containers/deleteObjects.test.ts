import { describe, expect, it } from 'vitest';
import type { SwiftObject } from '@skydeck/contract';
import { bottomUp, deleteAll, discover } from './deleteObjects';

const file = (path: string): SwiftObject => ({
  name: path.split('/').at(-1) ?? path,
  path,
  bytes: 1,
  is_object: true,
  is_subdir: false,
});
const folder = (path: string): SwiftObject => ({
  name: path,
  path,
  bytes: 0,
  is_object: false,
  is_subdir: true,
});

describe('the delete-objects modal', () => {
  it('discovers files and folders, implied ones too, page by page', async () => {
    const tree: Record<string, SwiftObject[]> = {
      'a/': [file('a/1'), folder('a/b/'), file('a/b/2'), file('a/c/d/3')],
    };
    const pages: string[] = [];
    const found = await discover(
      [folder('a/'), file('top')],
      async (path, marker) => {
        pages.push(`${path}@${marker ?? ''}`);
        const items = tree[path] ?? [];
        return marker === undefined
          ? { items: items.slice(0, 2), has_more_data: true, next_marker: 'a/b/' }
          : { items: items.slice(2) };
      },
      new AbortController().signal,
      () => undefined,
    );
    expect(pages).toEqual(['a/@', 'a/@a/b/']);
    expect(found.files.sort()).toEqual(['a/1', 'a/b/2', 'a/c/d/3', 'top']);
    expect(found.folders.sort()).toEqual(['a/', 'a/b/', 'a/c/', 'a/c/d/']);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      discover(
        [folder('a/')],
        async () => ({ items: [] }),
        controller.signal,
        () => undefined,
      ),
    ).rejects.toThrow();
  });

  it('deletes files first, then folders bottom-up; a folder 404 counts as deleted', async () => {
    const order: string[] = [];
    const notFound = new Error('404');
    const counts = await deleteAll(
      { files: ['a/b/2', 'a/1', 'bad'], folders: ['a/', 'a/c/d/', 'a/b/'] },
      async (path) => {
        order.push(path);
        if (path === 'a/c/d/') throw notFound;
        if (path === 'bad') throw new Error('500');
      },
      (error) => error === notFound,
      () => undefined,
    );
    expect(order.slice(3)).toEqual(['a/c/d/', 'a/b/', 'a/']);
    expect(new Set(order.slice(0, 3))).toEqual(new Set(['a/b/2', 'a/1', 'bad']));
    expect(counts).toEqual({ deleted: 5, failed: 1 });
    expect(bottomUp(['a/', 'a/b/c/', 'a/b/'])).toEqual(['a/b/c/', 'a/b/', 'a/']);
  });
});
