import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { waitSpinnerStore } from './showWaitSpinner';

// Loaded on first use, like the confirm dialog: no Modal code on the login page.
const WaitSpinner = lazy(() => import('./WaitSpinner').then((m) => ({ default: m.WaitSpinner })));

export function WaitSpinnerHost(): ReactNode {
  const count = useSyncExternalStore(
    waitSpinnerStore.subscribe,
    waitSpinnerStore.get,
    waitSpinnerStore.get,
  );
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <WaitSpinner isOpen />
    </Suspense>
  );
}
