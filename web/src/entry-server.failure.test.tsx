import { describe, expect, it, vi } from 'vitest';
import { kp, renderOnServer } from './testing/serverRender';
import type * as KeyPairs from './panels/key-pairs/keyPairs.resource';

// One cell that throws while the server renders it (a declaration reading `window`, which a
// server has not, did): its own file, as the mock holds for every test in one.
vi.mock('./panels/key-pairs/keyPairs.resource', async (importOriginal) => {
  const original = await importOriginal<typeof KeyPairs>();
  return {
    ...original,
    keyPairs: {
      ...original.keyPairs,
      columns: original.keyPairs.columns.map((column) =>
        column.id === 'fingerprint'
          ? {
              ...column,
              cell: () => {
                throw new Error('cell failed');
              },
            }
          : column,
      ),
    },
  };
});

describe('a page part that fails on the server', () => {
  it('fails the render, for the server to log and the browser to render the page', async () => {
    // React would leave the part to the browser behind a Suspense boundary, which then
    // reports a hydration error on an otherwise good page.
    await expect(
      renderOnServer('http://skydeck.test/project/key_pairs', {
        'GET /api/nova/keypairs/': () => ({ status: 200, body: { items: [kp('alpha')] } }),
      }),
    ).rejects.toThrow('cell failed');
  });
});
