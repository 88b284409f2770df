import type { ReactNode } from 'react';
import { createHostStore } from '../hostStore';

export interface ConfirmRequest {
  action: string;
  title?: string;
  body?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

interface OpenConfirm extends ConfirmRequest {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export const confirmStore = createHostStore<OpenConfirm[]>([]);
let nextId = 1;

/**
 * Asks the user; resolves true on confirm, false on cancel or Escape. Rendered by
 * ConfirmDialogHost (mounted once by the app), so action runners can await it anywhere.
 */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const settle = (confirmed: boolean): void => {
      confirmStore.set((list) => list.filter((item) => item.id !== id));
      resolve(confirmed);
    };
    confirmStore.set((list) => [...list, { ...request, id, resolve: settle }]);
  });
}
