import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  Bullseye,
  Checkbox,
  Content,
  EmptyState,
  EmptyStateBody,
  Flex,
  Pagination,
  Skeleton,
} from '@patternfly/react-core';
import { Table, Tbody, Td, Thead, Tr } from '@patternfly/react-table';
// The CommonJS build: the .mjs one imports its CSS as a module, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import { densityProps } from './cellModifiers';
import { TABLE_ROOM_CLASS, columnClasses, useColumnRoom } from './columnRoom';
import { useTranslation } from '../../i18n/useTranslation';
import { msg } from '../../i18n/msg';
import { detailsPath } from '../../registry/defineResource';
import type { CellContext, Column, PanelScope, ResourceType } from '../../registry/types';
import { ActionButtons } from '../ActionMenu/ActionMenu';
import { FacetToolbar } from '../FacetToolbar/FacetToolbar';
import type { FacetParams } from '../FacetToolbar/useFacetParams';
import { ColumnHeaders, HeaderCell } from './ColumnHeaders';
import { MarkerPager, pageSizeOptions } from './MarkerPager';
import { ResourceRows } from './ResourceRows';
import type { RowWindow } from './rowWindow';
import { EMPTY_TEXT, FOOTER_TEXT } from './tableTexts';
import type { ResourceList } from './useResourceList';
import type { RowActions } from './useRowActions';
import type { TableState } from './useTableState';

export const FILTER_FIRST_TEXT = msg('Set a filter to list items.');

/**
 * The header checkbox: checked, unchecked or indeterminate (some rows of the page selected).
 * PF's Checkbox turns `null` into an uncontrolled input, so the mixed state is set here.
 */
function SelectAll({
  label,
  state,
  isDisabled,
  onChange,
}: {
  label: string;
  state: boolean | null;
  isDisabled: boolean;
  onChange: (on: boolean) => void;
}): ReactNode {
  const id = `select-all-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useLayoutEffect(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) input.indeterminate = state === null;
  });
  return (
    <Checkbox
      id={id}
      aria-label={label}
      isChecked={state === true}
      isDisabled={isDisabled}
      onChange={(_e, on) => onChange(on)}
    />
  );
}

export interface ResourceTableViewProps<T> {
  resource: ResourceType<T>;
  scope: PanelScope;
  params: FacetParams;
  list: ResourceList<T>;
  columns: readonly Column<T>[];
  state: TableState<T>;
  actions: RowActions<T>;
  /** Render only the rows in view (many rows on screen). */
  virtual: boolean;
  rowWindow: RowWindow;
  onWindow: (window: RowWindow) => void;
}

/**
 * The table of a registry panel as the hooks describe it: toolbar, header, rows (virtualised
 * when many), footer and pagination — in the browser, or Prev/Next for a server page.
 */
export function ResourceTableView<T>({
  resource,
  scope,
  params,
  list,
  columns,
  state,
  actions,
  virtual,
  rowWindow,
  onWindow,
}: ResourceTableViewProps<T>): ReactNode {
  const { t } = useTranslation();
  const idPrefix = `sd-table-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, pageRows } = state;
  useColumnRoom(scroller, columns, pageRows);
  const { hasBatch, hasRowActions, host } = actions;
  const { summary, key: keyOf } = resource;
  const nav = scope.home && scope.home !== scope.path ? `${scope.path}/` : undefined;
  const cellContext = (item: T): CellContext => ({
    detailsHref: detailsPath(scope.type, keyOf(item), nav),
  });
  const columnCount =
    columns.length + (hasBatch ? 1 : 0) + (summary ? 1 : 0) + (hasRowActions ? 1 : 0);

  const paginationProps = {
    titles: {
      items: t('items'),
      page: t('page'),
      pages: t('pages'),
      itemsPerPage: t('Items per page'),
      perPageSuffix: t('per page'),
      ofWord: t('of'),
      toFirstPageAriaLabel: t('Go to first page'),
      toPreviousPageAriaLabel: t('Go to previous page'),
      toNextPageAriaLabel: t('Go to next page'),
      toLastPageAriaLabel: t('Go to last page'),
      currPageAriaLabel: t('Current page'),
      optionsToggleAriaLabel: t('Items per page'),
      paginationAriaLabel: t('Pagination'),
    },
    itemCount: rows.length,
    perPage: state.perPage,
    page: state.page,
    onSetPage: (_e: unknown, next: number) => state.setPage(next),
    onPerPageSelect: (_e: unknown, next: number) => state.setPerPage(next),
    perPageOptions: pageSizeOptions(list.defaultPerPage).map((n) => ({
      title: String(n),
      value: n,
    })),
  };
  const { pager } = list;

  const messageRow = (content: ReactNode): ReactNode => (
    <Tbody>
      <Tr>
        <Td colSpan={columnCount}>
          <Bullseye>{content}</Bullseye>
        </Td>
      </Tr>
    </Tbody>
  );

  let body: ReactNode;
  if (list.waiting) {
    body = messageRow(
      <EmptyState variant="xs" status="info" titleText={t(FILTER_FIRST_TEXT)} headingLevel="h2" />,
    );
  } else if (list.isPending) {
    const classes = columnClasses(columns);
    body = (
      <Tbody aria-busy="true">
        {[0, 1, 2].map((n) => {
          // The first placeholder of the table says what they all mean.
          const placeholder = (first: boolean) => (
            <Skeleton screenreaderText={first && n === 0 ? t('Loading') : undefined} />
          );
          const leading = (hasBatch ? 1 : 0) + (summary ? 1 : 0);
          return (
            <Tr key={n}>
              {Array.from({ length: leading }, (_v, i) => (
                <Td key={`lead-${i}`}>{placeholder(i === 0)}</Td>
              ))}
              {/* A placeholder per column: those the window hides hide here too. */}
              {columns.map((column, i) => (
                <Td key={column.id} className={classes[i]}>
                  {placeholder(leading === 0 && i === 0)}
                </Td>
              ))}
              {hasRowActions && <Td>{placeholder(false)}</Td>}
            </Tr>
          );
        })}
      </Tbody>
    );
  } else if (rows.length === 0) {
    body = messageRow(
      <EmptyState variant="xs">
        <EmptyStateBody>{t(EMPTY_TEXT)}</EmptyStateBody>
      </EmptyState>,
    );
  } else {
    body = (
      <ResourceRows
        rows={pageRows}
        columns={columns}
        keyOf={keyOf}
        label={resource.label}
        summary={summary}
        hasBatch={hasBatch}
        hasRowActions={hasRowActions}
        decisions={actions.row.decisions}
        window={rowWindow}
        selectedKeys={state.selectedKeys}
        expanded={state.expanded}
        select={state.select}
        expand={state.expand}
        run={(action, item) => host.run(action, item)}
        cellContext={cellContext}
        columnCount={columnCount}
        titles={columns.map((column) => t(column.title))}
        idPrefix={idPrefix}
        {...(virtual && { scroller, onWindow })}
      />
    );
  }

  const toolbarActions =
    resource.actions?.table?.length || hasBatch ? (
      <Flex spaceItems={{ default: 'spaceItemsSm' }}>
        <ActionButtons
          decisions={actions.table.decisions[0] ?? []}
          onRun={(action) => host.run(action, undefined)}
        />
        <ActionButtons
          batch
          decisions={actions.batch.decisions[0] ?? []}
          onRun={(action) => host.run(action, state.selected)}
        />
      </Flex>
    ) : undefined;

  return (
    <>
      <FacetToolbar
        facets={resource.facets ?? []}
        params={params}
        actions={toolbarActions}
        search={!pager}
        pagination={
          pager ? (
            <MarkerPager pager={pager} position="top" />
          ) : (
            <Pagination {...paginationProps} isCompact />
          )
        }
      />
      <div
        ref={scroller}
        className={TABLE_ROOM_CLASS}
        // A window of rows scrolls inside the table's own box, under a header that stays.
        style={virtual ? { maxHeight: '70vh', overflowY: 'auto' } : undefined}
      >
        <Table
          {...densityProps(resource.density)}
          aria-label={t(scope.names.many)}
          aria-busy={list.isFetchingPage || undefined}
          isStickyHeader={virtual}
          {...(virtual && { 'aria-rowcount': pageRows.length + 1 })}
        >
          <Thead>
            <Tr>
              {summary && <HeaderCell srText={t('Row details')} />}
              {hasBatch && (
                <HeaderCell className={tableStyles.tableCheck} aria-label={t('Select all')}>
                  <SelectAll
                    label={t('Select all')}
                    state={state.pageSelection}
                    isDisabled={pageRows.length === 0}
                    onChange={state.selectPage}
                  />
                </HeaderCell>
              )}
              <ColumnHeaders
                columns={columns}
                sort={state.sort}
                onSort={state.setSort}
                canSort={list.pager ? (column) => !!column.serverSort : undefined}
              />
              {hasRowActions && <HeaderCell srText={t('Actions')} />}
            </Tr>
          </Thead>
          {body}
        </Table>
      </div>
      <Flex
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
        alignItems={{ default: 'alignItemsCenter' }}
      >
        {/* On a server page this counts the page's rows: the total is not known. */}
        <Content component="small">{t(FOOTER_TEXT, { count: rows.length })}</Content>
        {pager ? (
          <MarkerPager pager={pager} position="bottom" />
        ) : (
          <Pagination {...paginationProps} variant="bottom" />
        )}
      </Flex>
      {host.element}
    </>
  );
}
