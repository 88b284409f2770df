import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Content, Spinner } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { ApiError } from '../../api/http';
import { instanceQueries } from '../../data/nova/servers';

/** Spec 1 §2: a console opens in a popup window of 760 by 560. */
export const CONSOLE_POPUP = { width: 760, height: 560 } as const;

/**
 * Opens a console URL in its popup. `noopener`: the console is another origin's page (the
 * cloud's noVNC proxy) and gets no handle on Skydeck's window.
 */
export function openConsolePopup(url: string, instanceId: string): void {
  const { width, height } = CONSOLE_POPUP;
  window.open(
    url,
    `console-${instanceId}`,
    `popup,width=${width},height=${height},noopener,noreferrer`,
  );
}

/**
 * The Console tab (spec 1 §2, spec 2 §7 console-info): the first console kind the cloud offers,
 * opened in a popup of 760 × 560. The page's CSP allows no frames of other origins, so the
 * console is never embedded; a fresh URL (a fresh token) is asked for each time the tab shows.
 */
export function InstanceConsole({ instance }: { instance: Instance }): ReactNode {
  const { t } = useTranslation();
  const info = useQuery(instanceQueries.consoleInfo(instance.id));
  if (info.isPending) return <Spinner size="lg" aria-label={t('Loading')} />;
  if (info.isError) {
    const reason = info.error instanceof ApiError ? info.error.message : undefined;
    return (
      <Alert isInline variant="warning" title={t('The console is not available now.')}>
        {reason && <p>{reason}</p>}
        <p>
          {instance.status === 'ACTIVE'
            ? t('Try again in a moment.')
            : t('An instance has a console while it is running.')}
        </p>
        <Button variant="link" isInline onClick={() => void info.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  }
  const { type, url } = info.data;
  return (
    <Content>
      <p>{t('Console type: {{type}}', { type })}</p>
      <p>{t('The console opens in a window of its own. Click into it before you type.')}</p>
      <Button variant="primary" onClick={() => openConsolePopup(url, instance.id)}>
        {t('Open Console')}
      </Button>{' '}
      <Button variant="link" component="a" href={url} target="_blank" rel="noopener noreferrer">
        {t('Open in a new tab')}
      </Button>
    </Content>
  );
}
