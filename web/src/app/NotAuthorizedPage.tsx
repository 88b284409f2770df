import type { ReactNode } from 'react';
import LockIcon from '@patternfly/react-icons/dist/esm/icons/lock-icon';
import { msg } from '../i18n/msg';
import { ShellMessagePage } from './ShellMessagePage';

/** A panel that exists but that this user's role may not see: said so, not "Page not found". */
export function NotAuthorizedPage(): ReactNode {
  return (
    <ShellMessagePage
      title={msg('You are not authorized to see this page')}
      body={msg('Your role in this project does not allow it. Ask an administrator for access.')}
      icon={LockIcon}
    />
  );
}
