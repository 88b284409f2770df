import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../ui/ResourceTable/tableTestKit';
import { CreateImageModal } from './CreateImageModal';

afterEach(() => vi.unstubAllGlobals());

async function visibilityOf(defaults: Settings['CREATE_IMAGE_DEFAULTS']): Promise<string> {
  mockFetch(
    cloud({
      settings: { CREATE_IMAGE_DEFAULTS: defaults },
      routes: {
        'GET /api/glance/version/': () => ({ body: { version: 2, minor: 16 } }),
        'GET /api/glance/images/': () => ({ body: { items: [] } }),
      },
    }),
  );
  renderWithProviders(<CreateImageModal target={undefined} onClose={() => undefined} />);
  const select = await screen.findByRole('combobox', { name: /Visibility/ });
  return (select as HTMLSelectElement).value;
}

describe('Create Image visibility (spec 2 §5)', () => {
  it('preselects Shared, not Public, for a user who may publicize', async () => {
    expect(await visibilityOf({ image_visibility: 'public' })).toBe('shared');
  });
  it('preselects Private when the create defaults say private', async () => {
    expect(await visibilityOf({ image_visibility: 'private' })).toBe('private');
  });
});
