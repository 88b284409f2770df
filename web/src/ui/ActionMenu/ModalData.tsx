import { useEffect, type ReactNode } from 'react';
import type { ActionResult } from '../../registry/types';
import { ModalLoading } from './ModalLoading';

export interface ModalDataProps<D> {
  /** What the form needs, once every query behind it has answered. */
  data: D | undefined;
  /** A query failed; it has reported the failure itself. */
  isError: boolean;
  /** The action's target, reported as failed when the data cannot be had. */
  id: string;
  onClose: (result?: ActionResult) => void;
  children: (data: D) => ReactNode;
}

/**
 * A modal whose form needs fresh data first (the detail of its target): a spinner meanwhile, and
 * on failure the action ends as failed with nothing to re-list (spec 2 §4).
 */
export function ModalData<D>({
  data,
  isError,
  id,
  onClose,
  children,
}: ModalDataProps<D>): ReactNode {
  useEffect(() => {
    if (isError) onClose({ failed: [id] });
  }, [isError, onClose, id]);
  if (data === undefined) return isError ? null : <ModalLoading />;
  return children(data);
}
