import type { ReactNode } from 'react';
import SearchIcon from '@patternfly/react-icons/dist/esm/icons/search-icon';
import { msg } from '../i18n/msg';
import { ShellMessagePage } from './ShellMessagePage';

export function NotFoundPage(): ReactNode {
  return (
    <ShellMessagePage
      title={msg('Page not found')}
      body={msg('The page you are looking for does not exist.')}
      icon={SearchIcon}
    />
  );
}
