import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateImageModal } from './CreateImageModal';

afterEach(() => vi.unstubAllGlobals());

function renderModal(
  defaults: Settings['CREATE_IMAGE_DEFAULTS'] = { image_visibility: 'shared' },
): ReturnType<typeof vi.fn> {
  mockFetch(
    cloud({
      settings: { CREATE_IMAGE_DEFAULTS: defaults },
      routes: {
        'GET /api/glance/version/': () => ({ body: { version: 2, minor: 16 } }),
        'GET /api/glance/images/': () => ({ body: { items: [] } }),
      },
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<CreateImageModal target={undefined} onClose={onClose} />);
  return onClose;
}

async function visibilityOf(defaults: Settings['CREATE_IMAGE_DEFAULTS']): Promise<string> {
  renderModal(defaults);
  const select = await screen.findByRole('combobox', { name: /Visibility/ });
  return (select as HTMLSelectElement).value;
}

/** An upload that runs until abort(), as a slow real one does. */
class PendingUpload {
  static aborted = 0;
  upload = { addEventListener: (): void => undefined };
  private onAbort: (() => void)[] = [];
  open(): void {}
  setRequestHeader(): void {}
  addEventListener(type: string, fn: () => void): void {
    if (type === 'abort') this.onAbort.push(fn);
  }
  send(): void {}
  abort(): void {
    PendingUpload.aborted += 1;
    for (const fn of this.onAbort) fn();
  }
}

describe('Create Image', () => {
  it('preselects Shared, not Public, for a user who may publicize (spec 2 §5)', async () => {
    expect(await visibilityOf({ image_visibility: 'public' })).toBe('shared');
  });

  it('preselects Private when the create defaults say private', async () => {
    expect(await visibilityOf({ image_visibility: 'private' })).toBe('private');
  });

  it('Cancel during an upload aborts it and closes the form', async () => {
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    PendingUpload.aborted = 0;
    const onClose = renderModal();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Image Name/ }), 'disk');
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    await user.upload(input as HTMLInputElement, new File(['abc'], 'disk.qcow2'));
    await user.selectOptions(screen.getByRole('combobox', { name: /Format/ }), 'qcow2');
    await user.click(screen.getByRole('button', { name: 'Create Image' }));
    await screen.findByRole('progressbar', { name: 'Preparing upload' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(PendingUpload.aborted).toBe(1);
    expect(onClose).toHaveBeenCalledWith(undefined);
  });
});
