import type { ReactNode } from 'react';
import type { CellContext, Column } from '../../registry/types';

type Renderer<T> = (item: T, ctx: CellContext) => ReactNode;

interface Bound<T> {
  columns: readonly Column<T>[];
  renderers: readonly (Renderer<T> | undefined)[];
  bound: readonly Column<T>[];
}

function bind<T>(
  columns: readonly Column<T>[],
  renderers: readonly (Renderer<T> | undefined)[],
): Bound<T> {
  const bound = columns.map((column, i) => {
    const cell = renderers[i];
    return cell ? { ...column, cell } : column;
  });
  return { columns, renderers, bound };
}

/**
 * The last binding of each declaration: the bound list keeps its identity while the columns and
 * every renderer do, so what is memoised on it downstream stays. Kept by the declaration, not
 * by the table, so nothing is written during render that React tracks.
 */
const bindings = new WeakMap<readonly Column<never>[], Bound<never>>();

/**
 * The columns with each `useCell` hook called once, here, and its renderer set as the column's
 * `cell`. `columns` must be a panel's declaration (the same columns in the same order on every
 * render), so the hooks are called in a fixed order whatever the permission checks later hide.
 */
export function useBoundCells<T>(columns: readonly Column<T>[]): readonly Column<T>[] {
  // A declaration's columns never change, so this calls the same hooks in the same order.
  const renderers = columns.map((column) => column.useCell?.());
  if (renderers.every((renderer) => renderer === undefined)) return columns;
  const key = columns as readonly Column<never>[];
  const last = bindings.get(key) as Bound<T> | undefined;
  if (last && last.renderers.every((renderer, i) => renderer === renderers[i])) return last.bound;
  const next = bind(columns, renderers);
  bindings.set(key, next as Bound<never>);
  return next.bound;
}
