import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StackValidation } from '@skydeck/contract';
import { cloud } from '../../testing/panelTestKit';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { LaunchStackModal } from './LaunchStackModal';

afterEach(() => vi.unstubAllGlobals());

const VALIDATION: StackValidation = { description: 'A test stack.', parameters: [] };

describe('Launch Stack', () => {
  it('goes on to the parameters after validation without closing, and closes on Cancel', async () => {
    mockFetch(cloud({ routes: { 'POST /api/heat/validate/': () => ({ body: VALIDATION }) } }));
    const onClose = vi.fn();
    renderWithProviders(<LaunchStackModal target={undefined} onClose={onClose} />);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /Template Source/ }),
      'raw',
    );
    await user.type(
      screen.getByRole('textbox', { name: /Template Data/ }),
      'heat_template_version: 2018-08-31',
    );
    await user.click(screen.getByRole('button', { name: 'Validate Template' }));
    expect(await screen.findByRole('button', { name: 'Launch' })).toBeInTheDocument();
    expect(screen.getByText('A test stack.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
