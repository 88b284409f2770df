import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../api/errors';
import { httpEvents } from '../api/http';
import { ConfirmDialogHost } from '../ui/ConfirmDialog/ConfirmDialogHost';
import { ToastHost } from '../ui/Toasts/ToastHost';
import { toastHeaderMessages } from '../ui/Toasts/toast';
import { WaitSpinnerHost } from '../ui/WaitSpinner/WaitSpinnerHost';
import { logout, loginPath } from './authActions';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Spec 1 §6: a 401 anywhere shows its toast (the error reporter did that), then signs out and
 * goes to the login page, coming back to where the user was afterwards.
 */
export function installForcedLogout(queryClient: QueryClient, router: AppRouter): () => void {
  return setUnauthorizedHandler(async () => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    // The session is gone: every request still running would answer 401 too (a burst in the
    // console), so abort them before signing out.
    await queryClient.cancelQueries();
    await logout(queryClient);
    await router.navigate(loginPath(`${pathname}${search}`), { replace: true });
  });
}

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: AppRouter;
}): ReactNode {
  useEffect(() => {
    // A page the server rendered stays inert until hydrated (server spa.ts); this first effect
    // runs once it is.
    document.getElementById('root')?.removeAttribute('inert');
  }, []);

  useEffect(() => {
    const uninstall = installForcedLogout(queryClient, router);
    const previous = httpEvents.onMessages;
    httpEvents.onMessages = toastHeaderMessages;
    return () => {
      uninstall();
      httpEvents.onMessages = previous;
    };
  }, [queryClient, router]);

  return (
    <AppFrame queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}

/**
 * What surrounds the router, the same whether the browser renders it or the server renders a
 * page first (entry-server.tsx): the browser hydrates the server's markup with this very tree.
 */
export function AppFrame({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}): ReactNode {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
      <ConfirmDialogHost />
      <WaitSpinnerHost />
    </QueryClientProvider>
  );
}
