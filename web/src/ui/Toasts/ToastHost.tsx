import { Suspense, lazy, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useQuery } from '@tanstack/react-query';
import { AlertGroup } from '@patternfly/react-core';
import { shellQueries } from '../../data/shell';
import { DEFAULT_TOAST_DELAY, toastStore } from './toast';

// The live region is always there (screen readers watch it from the start); the alerts' code,
// with its tooltip and popper, loads with the first toast and stays off the login page.
const ToastAlert = lazy(() => import('./ToastAlert').then((m) => ({ default: m.ToastAlert })));

/** Space between the masthead and the first toast. */
const TOAST_GAP_PX = 16;

/**
 * Toasts start below the masthead, so they never cover the project and region switchers or
 * the user menu; its height is measured, as it grows when its toolbar wraps on a narrow screen.
 * Without a masthead (the login page) PatternFly's own offset stays.
 */
function belowMasthead(): CSSProperties | undefined {
  const masthead = document.querySelector('.pf-v6-c-masthead');
  if (!masthead) return undefined;
  const bottom = Math.max(0, masthead.getBoundingClientRect().bottom);
  return {
    ['--pf-v6-c-alert-group--m-toast--InsetBlockStart' as string]: `${bottom + TOAST_GAP_PX}px`,
  };
}

export function ToastHost(): ReactNode {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  // Never fetches: before login /api/settings/ would answer 401. The shell loads it.
  const settings = useQuery({ ...shellQueries.settings(), enabled: false });
  const delay = settings.data?.TOAST_DELAY ?? DEFAULT_TOAST_DELAY;

  return (
    <AlertGroup
      isToast
      isLiveRegion
      aria-label={t('Notifications')}
      style={toasts.length > 0 ? belowMasthead() : undefined}
    >
      {toasts.map((item) => (
        <Suspense key={item.id} fallback={null}>
          <ToastAlert item={item} delay={delay} />
        </Suspense>
      ))}
    </AlertGroup>
  );
}
