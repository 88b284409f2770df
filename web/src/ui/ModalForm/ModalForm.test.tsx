import { describe, expect, it, vi } from 'vitest';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { apiFetch } from '../../api/http';
import { mutation } from '../../api/queryClient';
import { msg } from '../../i18n/msg';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { NumberField } from '../fields/NumberField';
import { TextField } from '../fields/TextField';
import { ModalForm } from './ModalForm';
import { useForm } from './useForm';

const create = mutation({
  fn: (name: string) => apiFetch('api/nova/keypairs/', { method: 'POST', body: { name } }),
  errorMessage: msg('Unable to create the keypair'),
  inlineErrors: true,
});

function CreateKeyPair({ onClose }: { onClose: (r?: unknown) => void }): ReactNode {
  const form = useForm({ name: '' }, (v) => ({ name: v.name ? undefined : 'Name is required' }));
  const run = useMutation(create);
  return (
    <ModalForm
      title="Create Key Pair"
      submitLabel="Create Key Pair"
      isValid={form.isValid}
      onSubmit={async () => {
        await run.mutateAsync(form.values.name);
        return { created: [form.values.name] };
      }}
      onClose={onClose}
    >
      <TextField label="Key Pair Name" {...form.bind('name')} isRequired />
    </ModalForm>
  );
}

describe('ModalForm', () => {
  it('cannot submit while invalid', async () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(<CreateKeyPair onClose={vi.fn()} />);
    const submit = await screen.findByRole('button', { name: 'Create Key Pair' });
    expect(submit).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: /Key Pair Name/ }));
    await user.tab();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Key Pair Name/ }), 'k1');
    expect(submit).toBeEnabled();
  });

  it('disables the button while pending, then closes with the result', async () => {
    let release: () => void = () => undefined;
    mockFetch(() => new Promise((resolve) => (release = () => resolve({ body: { name: 'k1' } }))));
    const onClose = vi.fn();
    renderWithProviders(<CreateKeyPair onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Key Pair Name/ }), 'k1');
    await user.click(screen.getByRole('button', { name: 'Create Key Pair' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Create Key Pair/ })).toBeDisabled(),
    );
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['k1'] }));
  });

  it('shows a 400 message in the form and stays open', async () => {
    mockFetch(() => ({
      status: 400,
      body: { message: 'Key pair name contains invalid characters' },
    }));
    const onClose = vi.fn();
    renderWithProviders(<CreateKeyPair onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Key Pair Name/ }), 'k 1');
    await user.click(screen.getByRole('button', { name: 'Create Key Pair' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Key pair name contains invalid characters',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Key Pair' })).toBeEnabled();
    // The mutation declared inline errors: no duplicate toast.
    expect(screen.queryByText('Unable to create the keypair')).not.toBeInTheDocument();
  });

  it('closes on a server failure with the mutation error toast', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'internal' } }));
    const onClose = vi.fn();
    renderWithProviders(<CreateKeyPair onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Key Pair Name/ }), 'k1');
    await user.click(screen.getByRole('button', { name: 'Create Key Pair' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith());
    expect(await screen.findByText('Unable to create the keypair')).toBeInTheDocument();
    expect(
      screen.queryByText('There was an error submitting the form. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it('focuses the first field when it opens', async () => {
    renderWithProviders(<CreateKeyPair onClose={vi.fn()} />);
    const name = await screen.findByRole('textbox', { name: /Key Pair Name/ });
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('opens with no field rendered yet (focus goes to Cancel, the trap does not throw)', async () => {
    renderWithProviders(
      <ModalForm title="Loading form" submitLabel="Save" onSubmit={vi.fn()} onClose={vi.fn()}>
        <p>Fields load later</p>
      </ModalForm>,
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
  });

  it('Cancel closes without a result', async () => {
    const onClose = vi.fn();
    renderWithProviders(<CreateKeyPair onClose={onClose} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith();
  });
});

describe('NumberField', () => {
  it('disables the spinner buttons at the bounds', async () => {
    function Harness(): ReactNode {
      const form = useForm({ size: 1 as number | '' });
      return <NumberField label="Size (GiB)" {...form.bind('size')} min={1} max={2} />;
    }
    renderWithProviders(<Harness />);
    const minus = screen.getByRole('button', { name: 'Decrease Size (GiB)' });
    const plus = screen.getByRole('button', { name: 'Increase Size (GiB)' });
    expect(screen.getByRole('spinbutton', { name: 'Size (GiB)' })).toHaveValue(1);
    expect(minus).toBeDisabled();
    await userEvent.setup().click(plus);
    expect(screen.getByRole('spinbutton', { name: 'Size (GiB)' })).toHaveValue(2);
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
  });
});
