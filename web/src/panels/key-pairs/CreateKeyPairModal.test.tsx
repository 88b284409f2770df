import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateKeyPairModal } from './CreateKeyPairModal';
import { ImportKeyPairModal } from './ImportKeyPairModal';

const existing = {
  name: 'existing',
  type: 'ssh',
  fingerprint: 'aa:bb',
  public_key: 'ssh-ed25519 AAAA existing',
};

function setup(which: 'create' | 'import') {
  const posts: unknown[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/nova/keypairs/': () => ({ body: { items: [existing] } }),
        'POST /api/nova/keypairs/': (_url, init) => {
          posts.push(init.json);
          const body = init.json as { name: string; key_type?: string; public_key?: string };
          return {
            body: {
              name: body.name,
              type: body.key_type ?? 'ssh',
              fingerprint: 'cc:dd',
              public_key: body.public_key ?? 'ssh-rsa AAAA generated',
              ...(body.public_key ? {} : { private_key: '-----BEGIN PRIVATE KEY-----\nxyz' }),
            },
          };
        },
      },
    }),
  );
  const onClose = vi.fn();
  const Modal = which === 'create' ? CreateKeyPairModal : ImportKeyPairModal;
  renderWithProviders(<Modal target={undefined} onClose={onClose} />);
  return { posts, onClose };
}

// jsdom's Blob has no text().
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const nameInput = (): HTMLElement => screen.getByRole('textbox', { name: /Key Pair Name/ });

let clicked: HTMLAnchorElement[] = [];
beforeEach(() => {
  clicked = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:key') }));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CreateKeyPairModal', () => {
  it('requires a name', async () => {
    const user = userEvent.setup();
    setup('create');
    const submit = screen.getByRole('button', { name: 'Create Key Pair' });
    expect(submit).toBeDisabled();
    await user.click(nameInput());
    await user.tab();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it.each(['a`b', 'café', 'a{b}', 'a~b', 'a|b'])('rejects %j', async (name) => {
    const user = userEvent.setup();
    setup('create');
    await user.type(nameInput(), name.replace(/[{[]/g, '$&$&'));
    expect(
      screen.getByText(
        /Key pair names may only contain letters, digits, spaces and the characters/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Key Pair' })).toBeDisabled();
  });

  it('accepts everything from space to underscore', async () => {
    const user = userEvent.setup();
    setup('create');
    await user.type(nameInput(), 'Key #1 (prod)/A_B-c.d@[x]');
    expect(screen.queryByText(/may only contain/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Key Pair' })).toBeEnabled();
  });

  it('refuses an existing name', async () => {
    const user = userEvent.setup();
    setup('create');
    await user.type(nameInput(), 'existing');
    expect(await screen.findByText('Key pair already exists')).toBeInTheDocument();
  });

  it('creates the pair, downloads the private key and reports', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup('create');
    await user.type(nameInput(), 'my-key');
    await user.selectOptions(screen.getByRole('combobox', { name: /Key Type/ }), 'x509');
    await user.click(screen.getByRole('button', { name: 'Create Key Pair' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['my-key'] }));
    expect(posts).toEqual([{ name: 'my-key', key_type: 'x509' }]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('my-key.pem');
    expect(clicked[0]?.href).toBe('blob:key');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await readBlob(blob)).toBe('-----BEGIN PRIVATE KEY-----\nxyz');
    expect(await screen.findByText('Key pair my-key was successfully created')).toBeInTheDocument();
  });
});

describe('ImportKeyPairModal', () => {
  it('applies the import name rules', async () => {
    const user = userEvent.setup();
    setup('import');
    await user.type(nameInput(), 'a.b');
    expect(
      screen.getByText(
        'Key pair names may only contain letters, digits, spaces, underscores and hyphens.',
      ),
    ).toBeInTheDocument();
    await user.clear(nameInput());
    await user.type(nameInput(), 'existing');
    expect(await screen.findByText('Key pair already exists')).toBeInTheDocument();
  });

  it('requires the public key', async () => {
    const user = userEvent.setup();
    setup('import');
    await user.type(nameInput(), 'ok_name-1');
    expect(screen.getByRole('button', { name: 'Import Public Key' })).toBeDisabled();
    await user.type(
      screen.getByLabelText(/^Public Key/, { selector: 'textarea' }),
      'ssh-ed25519 AAAA',
    );
    expect(screen.getByRole('button', { name: 'Import Public Key' })).toBeEnabled();
  });

  it('imports with key type ssh by default and reports', async () => {
    const user = userEvent.setup();
    const { posts, onClose } = setup('import');
    await user.type(nameInput(), 'laptop key');
    await user.type(
      screen.getByLabelText(/^Public Key/, { selector: 'textarea' }),
      'ssh-ed25519 AAAA me@laptop',
    );
    await user.click(screen.getByRole('button', { name: 'Import Public Key' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ created: ['laptop key'] }));
    expect(posts).toEqual([
      { name: 'laptop key', key_type: 'ssh', public_key: 'ssh-ed25519 AAAA me@laptop' },
    ]);
    expect(clicked).toHaveLength(0);
    expect(
      await screen.findByText('Successfully imported key pair laptop key'),
    ).toBeInTheDocument();
  });
});
