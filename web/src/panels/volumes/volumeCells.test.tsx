import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Volume } from '@skydeck/contract';
import { renderWithProviders } from '../../testing/render';
import { AttachedTo, attachedText } from './volumeCells';

const attachment = (server_id: string, device: string, server_name?: string) => ({
  id: 'vol-1',
  attachment_id: `att-${server_id}`,
  server_id,
  host_name: null,
  device,
  attached_at: null,
  ...(server_name !== undefined && { server_name }),
});

const volume = { id: 'vol-1', attachments: [] } as unknown as Volume;

describe('AttachedTo', () => {
  it('links each instance by the name the server gave, its id when there is none', () => {
    const v: Volume = {
      ...volume,
      attachments: [attachment('srv-a', '/dev/vdb', 'alt-server'), attachment('srv-b', '')],
    };
    renderWithProviders(<AttachedTo volume={v} />, { route: '/admin/volumes' });
    expect(screen.getByRole('link', { name: 'alt-server' })).toHaveAttribute(
      'href',
      expect.stringContaining('srv-a'),
    );
    expect(screen.getByRole('link', { name: 'srv-b' })).toBeInTheDocument();
    expect(screen.getByText('(/dev/vdb)', { exact: false })).toBeInTheDocument();
    expect(attachedText(v)).toBe('alt-server /dev/vdb, srv-b ');
  });
});
