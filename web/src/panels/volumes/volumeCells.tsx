import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Volume } from '@skydeck/contract';
import { detailsPath } from '../../registry/defineResource';

/**
 * "Attached to": each instance as a link to its details page, with the device. The server names
 * the instances (every project's in an admin's list); one it could not name shows its id.
 */
export function AttachedTo({ volume }: { volume: Volume }): ReactNode {
  if (volume.attachments.length === 0) return null;
  return (
    <>
      {volume.attachments.map((a, i) => (
        <span key={a.attachment_id || a.server_id}>
          {i > 0 && ', '}
          <Link to={detailsPath('OS::Nova::Server', a.server_id)}>
            {a.server_name || a.server_id}
          </Link>
          {a.device ? ` (${a.device})` : ''}
        </span>
      ))}
    </>
  );
}

export const attachedText = (volume: Volume): string =>
  volume.attachments.map((a) => `${a.server_name || a.server_id} ${a.device}`).join(', ');
