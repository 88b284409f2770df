import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { confirmStore } from './confirm';

// Loaded on first use: PatternFly's Modal (focus trap included) stays out of the login page.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** Shows the newest pending confirm() request; earlier ones wait underneath (spec 1 §4). */
export function ConfirmDialogHost(): ReactNode {
  const requests = useSyncExternalStore(confirmStore.subscribe, confirmStore.get, confirmStore.get);
  const current = requests.at(-1);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        key={current.id}
        isOpen
        action={current.action}
        title={current.title}
        body={current.body}
        confirmLabel={current.confirmLabel}
        danger={current.danger}
        onConfirm={() => current.resolve(true)}
        onCancel={() => current.resolve(false)}
      />
    </Suspense>
  );
}
