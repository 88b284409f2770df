import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Column, PanelScope, ResourceType } from '../../registry/types';
import { useFacetParams } from '../FacetToolbar/useFacetParams';
import { MARKER_PARAMS } from './pageParams';
import { FIRST_BAND, VIRTUALIZE_AT, decidedWindow, type RowWindow } from './rowWindow';
import { ResourceTableView } from './ResourceTableView';
import { useResourceList } from './useResourceList';
import { useRowActions } from './useRowActions';
import { useBoundCells } from './useBoundCells';
import { useCellAccess, usePermittedColumns } from './usePermittedColumns';
import { useTableState } from './useTableState';

export { FILTER_FIRST_TEXT } from './ResourceTableView';

export interface ResourceTableProps<T> {
  resource: ResourceType<T>;
  scope: PanelScope;
}

const NO_RESETS: readonly string[] = [];

/**
 * The table of a registry panel (STYLE §2), from four parts: the rows from the server
 * (useResourceList: query, polling, filter-first, server pages), what the table derives from
 * them (useTableState: filter, sort, client pages, selection, expansion), the actions
 * (useRowActions) and the view. Only the rendered rows are permission-checked, and past a few
 * hundred only the rows in view are rendered.
 */
export function ResourceTable<T>({ resource, scope }: ResourceTableProps<T>): ReactNode {
  // Another panel (a sidebar click) or another declaration (a page's tab) is a new table, never
  // this one re-rendered: its columns may call other cell hooks (Column.useCell).
  return (
    <DeclaredTable
      key={`${scope.path} ${cellHooksKey(resource.columns)}`}
      resource={resource}
      scope={scope}
    />
  );
}

/** Which cell hooks a declaration's columns call, in order (the functions are module-level). */
const hookIds = new WeakMap<object, number>();
let lastHookId = 0;
function cellHooksKey<T>(columns: readonly Column<T>[]): string {
  return columns
    .map((column) => {
      if (!column.useCell) return '-';
      let id = hookIds.get(column.useCell);
      if (id === undefined) {
        id = lastHookId += 1;
        hookIds.set(column.useCell, id);
      }
      return String(id);
    })
    .join(',');
}

function DeclaredTable<T>({ resource, scope }: ResourceTableProps<T>): ReactNode {
  const facets = useMemo(() => resource.facets ?? [], [resource.facets]);
  const serverPaged = resource.paging?.when(scope) ?? false;
  // A new filter on a server-paged list starts again at its first page.
  const params = useFacetParams(facets, serverPaged ? MARKER_PARAMS : NO_RESETS);
  const list = useResourceList(resource, scope, params.chips);
  const declared = useBoundCells(resource.columns);
  // Which of them the window has room for is the stylesheet's to say (priorityClass).
  const columns = usePermittedColumns(declared);
  const state = useTableState({
    items: list.items,
    keyOf: resource.key,
    columns: declared,
    shown: columns,
    facets,
    chips: params.chips,
    q: params.q,
    clientPaging: !list.pager,
    serverSort: list.pager,
    defaultPerPage: list.defaultPerPage,
  });

  const virtual = state.pageRows.length > VIRTUALIZE_AT;
  const [band, setBand] = useState<RowWindow>(FIRST_BAND);
  const rowWindow = useMemo(
    () => decidedWindow(state.pageRows.length, band),
    [band, state.pageRows.length],
  );
  const decided = useMemo(
    () => state.pageRows.slice(rowWindow.start, rowWindow.end),
    [state.pageRows, rowWindow],
  );
  const { dropItems } = list;
  const { clearSelection } = state;
  const onDeleted = useCallback(
    (keys: string[]) => {
      dropItems(keys);
      clearSelection();
    },
    [dropItems, clearSelection],
  );
  // Columns checked per row (Column.policyTarget), decided with the same rows as the actions.
  const shownColumns = useCellAccess(columns, decided);
  const actions = useRowActions({
    resource,
    names: scope.names,
    pageRows: decided,
    selected: state.selected,
    onDeleted,
  });

  return (
    <ResourceTableView
      resource={resource}
      scope={scope}
      params={params}
      list={list}
      columns={shownColumns}
      state={state}
      actions={actions}
      virtual={virtual}
      rowWindow={rowWindow}
      onWindow={setBand}
    />
  );
}
