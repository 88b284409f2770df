import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AlertGroup } from '@patternfly/react-core';
import { shellQueries } from '../../data/shell';
import { DEFAULT_TOAST_DELAY, toastStore } from './toast';

// The live region is always there (screen readers watch it from the start); the alerts' code,
// with its tooltip and popper, loads with the first toast and stays off the login page.
const ToastAlert = lazy(() => import('./ToastAlert').then((m) => ({ default: m.ToastAlert })));

export function ToastHost(): ReactNode {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  // Never fetches: before login /api/settings/ would answer 401. The shell loads it.
  const settings = useQuery({ ...shellQueries.settings(), enabled: false });
  const delay = settings.data?.TOAST_DELAY ?? DEFAULT_TOAST_DELAY;

  return (
    <AlertGroup isToast isLiveRegion aria-label={t('Notifications')}>
      {toasts.map((item) => (
        <Suspense key={item.id} fallback={null}>
          <ToastAlert item={item} delay={delay} />
        </Suspense>
      ))}
    </AlertGroup>
  );
}
