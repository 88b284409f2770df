import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/http';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { TextField } from '../fields/TextField';
import { type StepErrors, WizardFrame, type WizardStep } from './WizardFrame';

interface HarnessProps {
  onSubmit?: () => unknown;
  onClose?: (r?: unknown) => void;
  validateSource?: () => StepErrors | undefined;
}

function Harness({
  onSubmit = () => undefined,
  onClose = vi.fn(),
  validateSource,
}: HarnessProps): ReactNode {
  const [name, setName] = useState('');
  const steps: WizardStep[] = [
    {
      id: 'details',
      name: 'Details',
      validate: () => (name ? undefined : { fields: { name: 'Instance Name is required' } }),
      render: ({ errors }) => (
        <TextField
          id="name"
          label="Instance Name"
          value={name}
          onChange={setName}
          error={errors.name}
        />
      ),
    },
    {
      id: 'source',
      name: 'Source',
      validate: validateSource,
      render: () => <p>Source step</p>,
    },
    { id: 'flavor', name: 'Flavor', render: () => <p>Flavor step</p> },
  ];
  return (
    <WizardFrame
      title="Launch Instance"
      finishLabel="Launch Instance"
      steps={steps}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

describe('WizardFrame', () => {
  it('Next validates the current step and focuses the first erroring field', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Instance Name is required')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Instance Name' })).toHaveFocus(),
    );
    await user.type(screen.getByRole('textbox', { name: 'Instance Name' }), 'vm1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Source step')).toBeInTheDocument();
  });

  it('Back is always allowed and the last step shows the final button', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Instance Name' }), 'vm1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Flavor step')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch Instance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Source step')).toBeInTheDocument();
  });

  it('a forward jump in the navigation needs every step in between to validate', async () => {
    const validateSource = vi.fn<() => StepErrors | undefined>(() => ({
      general: 'Select a source',
    }));
    renderWithProviders(<Harness validateSource={validateSource} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Instance Name' }), 'vm1');
    await user.click(screen.getByRole('button', { name: 'Flavor' }));
    // Stopped on Source, whose validation failed.
    expect(await screen.findByText('Select a source')).toBeInTheDocument();
    expect(screen.getByText('Source step')).toBeInTheDocument();
    validateSource.mockReturnValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Flavor' }));
    expect(await screen.findByText('Flavor step')).toBeInTheDocument();
    // Backward jumps need no validation.
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('textbox', { name: 'Instance Name' })).toBeInTheDocument();
  });

  it('a failed submit shows the message, stops the spinner and stays open', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'Quota exceeded for instances', {});
    });
    renderWithProviders(<Harness onSubmit={onSubmit} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Instance Name' }), 'vm1');
    await user.click(screen.getByRole('button', { name: 'Flavor' }));
    await user.click(await screen.findByRole('button', { name: 'Launch Instance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quota exceeded for instances');
    expect(screen.getByRole('button', { name: 'Launch Instance' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the result after a successful submit', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Harness onSubmit={() => ({ created: ['vm1'] })} onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Instance Name' }), 'vm1');
    await user.click(screen.getByRole('button', { name: 'Flavor' }));
    await user.click(await screen.findByRole('button', { name: 'Launch Instance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['vm1'] }));
  });

  it('drops steps whose requirements fail', async () => {
    mockFetch(() => ({ body: { allowed: [false] } }));
    function Gated(): ReactNode {
      return (
        <WizardFrame
          title="Launch Instance"
          finishLabel="Launch Instance"
          onSubmit={() => undefined}
          onClose={() => undefined}
          steps={[
            { id: 'a', name: 'Details', render: () => <p>Details step</p> },
            {
              id: 'b',
              name: 'Scheduler Hints',
              requires: [{ kind: 'policy', service: 'compute', rule: 'x' }],
              render: () => <p>Hints step</p>,
            },
          ]}
        />
      );
    }
    renderWithProviders(<Gated />);
    expect(await screen.findByText('Details step')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scheduler Hints' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch Instance' })).toBeInTheDocument();
  });

  it('has no Back button when there is one step', async () => {
    renderWithProviders(
      <WizardFrame
        title="Create Volume"
        finishLabel="Create Volume"
        steps={[{ id: 'only', name: 'Volume Details', render: () => <p>Details</p> }]}
        onSubmit={() => undefined}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Create Volume' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('disables the final button with its reason shown and read with it', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <WizardFrame
        title="Create Volume"
        finishLabel="Create Volume"
        steps={[{ id: 'only', name: 'Volume Details', render: () => <p>Details</p> }]}
        onSubmit={onSubmit}
        onClose={vi.fn()}
        finishDisabledReason="Over quota"
      />,
    );
    const finish = await screen.findByRole('button', { name: 'Create Volume' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription('Over quota');
    expect(screen.getByText('Over quota')).toBeVisible();
  });
});
