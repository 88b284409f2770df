import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useRequirements } from '../../api/permissions';
import { t } from '../../i18n/i18n';
import type { Action, ActionResult, ModalProps, TypeNames } from '../../registry/types';
import { confirm } from '../ConfirmDialog/confirm';
import { toast } from '../Toasts/toast';
import { ModalLoading } from './ModalLoading';
import { namesAnyOf, runDelete, type DeleteRun } from './runDelete';

type ModalLoader = () => Promise<{ default: (props: ModalProps<never>) => ReactNode }>;
type LazyModal = ComponentType<ModalProps<unknown>>;

// One lazy component per declared modal, so reopening a modal does not load it again.
const lazyModals = new WeakMap<ModalLoader, LazyModal>();
function lazyModal(load: ModalLoader): LazyModal {
  let component = lazyModals.get(load);
  if (!component) {
    component = lazy(load as unknown as () => Promise<{ default: LazyModal }>);
    lazyModals.set(load, component);
  }
  return component;
}

export interface ActionHostOptions<Item> {
  label: (item: Item) => string;
  /** The type's names (delete confirmations and summaries). */
  names: TypeNames;
  key: (item: Item) => string;
  /** How a finished action ended (spec 2 §4); undefined when a modal closed without a result. */
  onResult?: (result: ActionResult | undefined) => void;
}

export interface ActionHost {
  /** Start an action for its target: a row item, the selected items, or undefined. */
  run: <Target>(action: Action<Target>, target: Target) => void;
  /** Render this once: the open modal or the running delete. */
  element: ReactNode;
}

type Running =
  | { kind: 'modal'; Modal: LazyModal; target: unknown; id: number }
  | {
      kind: 'delete';
      run: DeleteRun<unknown>;
      requires: Action<unknown>['requires'];
      items: unknown[];
      id: number;
    };

interface DeleteRunnerProps<Item> {
  run: DeleteRun<Item>;
  requires: Action<unknown>['requires'];
  items: Item[];
  label: (item: Item) => string;
  itemKey: (item: Item) => string;
  names: TypeNames;
  onDone: (result: ActionResult) => void;
}

/** Checks per-item policy targets (one batched request), then runs the delete flow once. */
function DeleteRunner<Item>({
  run,
  requires,
  items,
  label,
  itemKey,
  names,
  onDone,
}: DeleteRunnerProps<Item>): ReactNode {
  const queryClient = useQueryClient();
  const sets = useMemo(
    () =>
      run.itemPolicyTarget
        ? items.map((item) => ({
            requirements: requires ?? [],
            target: run.itemPolicyTarget?.(item),
          }))
        : [],
    [run, requires, items],
  );
  const { allowed, loading } = useRequirements(sets);
  const started = useRef(false);
  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    void runDelete(
      {
        items,
        run,
        label,
        key: itemKey,
        names,
        ...(run.itemPolicyTarget && { policyAllowed: allowed }),
      },
      {
        t,
        confirm,
        toast,
        invalidate: (keys, gone) =>
          Promise.all(
            keys.map((queryKey) =>
              queryClient.invalidateQueries({
                queryKey,
                predicate: (query) => !namesAnyOf(query.queryKey, gone),
              }),
            ),
          ),
      },
    ).then(onDone, () => onDone({}));
  }, [loading, allowed, items, run, label, itemKey, names, onDone, queryClient]);
  return null;
}

/**
 * Runs actions for a table or a details page: lazy modals (with a spinner while their code
 * loads), the delete flow, and links; reports every outcome through onResult.
 */
export function useActionHost<Item>({
  label,
  key,
  names,
  onResult,
}: ActionHostOptions<Item>): ActionHost {
  const navigate = useNavigate();
  const [running, setRunning] = useState<Running | null>(null);
  const counter = useRef(0);

  const run = useCallback(
    <Target,>(action: Action<Target>, target: Target): void => {
      const id = ++counter.current;
      switch (action.run.kind) {
        case 'modal':
          setRunning({
            kind: 'modal',
            Modal: lazyModal(action.run.load as unknown as ModalLoader),
            target,
            id,
          });
          return;
        case 'delete':
          setRunning({
            kind: 'delete',
            run: action.run as unknown as DeleteRun<unknown>,
            requires: action.requires,
            items: Array.isArray(target) ? [...(target as unknown[])] : [target],
            id,
          });
          return;
        case 'link':
          void navigate(action.run.href(target));
          return;
      }
    },
    [navigate],
  );

  const finish = useCallback(
    (result: ActionResult | undefined) => {
      setRunning(null);
      onResult?.(result);
    },
    [onResult],
  );

  let element: ReactNode = null;
  if (running?.kind === 'modal') {
    const { Modal } = running;
    element = (
      <Suspense key={running.id} fallback={<ModalLoading />}>
        <Modal target={running.target} onClose={finish} />
      </Suspense>
    );
  } else if (running?.kind === 'delete') {
    element = (
      <DeleteRunner
        key={running.id}
        run={running.run}
        requires={running.requires}
        items={running.items}
        label={label as (item: unknown) => string}
        itemKey={key as (item: unknown) => string}
        names={names}
        onDone={finish}
      />
    );
  }
  return { run, element };
}
