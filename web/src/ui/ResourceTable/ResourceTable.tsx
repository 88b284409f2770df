import { useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Bullseye,
  Checkbox,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  EmptyState,
  EmptyStateBody,
  Flex,
  Pagination,
  Skeleton,
} from '@patternfly/react-core';
import {
  CollapseColumn,
  ExpandableRowContent,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
} from '@patternfly/react-table';
// The CommonJS build: the .mjs one imports its CSS as a module, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readCookie } from '../../api/http';
import { useRequirements } from '../../api/permissions';
import { shellQueries } from '../../data/shell';
import { msg } from '../../i18n/msg';
import { detailsPath } from '../../registry/defineResource';
import type {
  ActionResult,
  CellContext,
  Field,
  PanelScope,
  ResourceType,
} from '../../registry/types';
import { ActionButtons, ActionMenu } from '../ActionMenu/ActionMenu';
import { EMPTY_TEXT, FOOTER_TEXT } from './tableTexts';
import { useActionDecisions } from '../ActionMenu/useActionDecisions';
import { useActionHost } from '../ActionMenu/useActionHost';
import { FacetToolbar } from '../FacetToolbar/FacetToolbar';
import { columnText, filterItems } from '../FacetToolbar/filterItems';
import { serverFilters, useFacetParams } from '../FacetToolbar/useFacetParams';
import { ColumnHeaders } from './ColumnHeaders';
import { defaultSort, sortItems, type SortState } from './sortItems';
import { useMaxPriority } from './useMaxPriority';

/** Spec 2 §9 default; the AJAX_POLL_INTERVAL setting overrides it. */
export const DEFAULT_POLL_INTERVAL = 2500;
/** Spec 1 §9 generic table page size, used when neither cookie nor setting says otherwise. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_COOKIE = 'API_RESULT_PAGE_SIZE';
/** How long a list counts as fresh when a table mounts (invalidation and polling still refetch). */
const PREFETCHED_FRESH_MS = 2000;

export const FILTER_FIRST_TEXT = msg('Set a filter to list items.');

function cookiePageSize(): number | undefined {
  const value = Number(readCookie(PAGE_SIZE_COOKIE));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export interface ResourceTableProps<T> {
  resource: ResourceType<T>;
  scope: PanelScope;
}

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

function Summary<T>({ fields, item }: { fields: readonly Field<T>[]; item: T }): ReactNode {
  const { t } = useTranslation();
  return (
    <DescriptionList isHorizontal isCompact>
      {fields.map((field) => (
        <DescriptionListGroup key={field.label}>
          <DescriptionListTerm>{t(field.label)}</DescriptionListTerm>
          <DescriptionListDescription>{field.value(item)}</DescriptionListDescription>
        </DescriptionListGroup>
      ))}
    </DescriptionList>
  );
}

/**
 * The table of a registry panel (STYLE §2): rows come from the declaration's list query and
 * are filtered, sorted and paged by derivation (never copied into state), so 5,000 rows stay
 * responsive; only the current page is rendered and permission-checked.
 */
export function ResourceTable<T>({ resource, scope }: ResourceTableProps<T>): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tableId = `sd-table-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const facets = useMemo(() => resource.facets ?? [], [resource.facets]);
  const params = useFacetParams(facets);
  const { chips, q } = params;

  // --- the list query -------------------------------------------------------------------------
  const filterSignature = JSON.stringify(serverFilters(facets, chips));
  const filters = useMemo(
    () => JSON.parse(filterSignature) as Record<string, string>,
    [filterSignature],
  );
  const settings = useQuery(shellQueries.settings());
  const waiting =
    !!resource.filterFirst?.(scope, settings.data) && Object.keys(filters).length === 0;
  const pollInterval = settings.data?.AJAX_POLL_INTERVAL ?? DEFAULT_POLL_INTERVAL;
  const listOptions = resource.list(scope, filters);
  const { transitional } = resource;
  const list = useQuery({
    ...listOptions,
    // The panel's route asked for this list a moment before the table mounted
    // (app/routePrefetch.ts): an answer that fresh is shown, not asked for again.
    staleTime: listOptions.staleTime ?? PREFETCHED_FRESH_MS,
    ...(waiting && { enabled: false }),
    // One timer for the table, running only while an item is in transition (spec 2 §4).
    refetchInterval: (query) =>
      transitional && query.state.data?.some(transitional) ? pollInterval : false,
  });
  const items = list.data;

  // --- columns --------------------------------------------------------------------------------
  const maxPriority = useMaxPriority();
  const columnSets = useMemo(
    () => resource.columns.map((c) => ({ requirements: c.requires ?? [] })),
    [resource.columns],
  );
  const columnChecks = useRequirements(columnSets);
  const permittedColumns = useMemo(
    () =>
      resource.columns.filter((c, i) => !c.requires?.length || columnChecks.allowed[i] === true),
    [resource.columns, columnChecks.allowed],
  );
  const columns = useMemo(
    () => permittedColumns.filter((c) => c.priority <= maxPriority),
    [permittedColumns, maxPriority],
  );

  // --- derived rows ---------------------------------------------------------------------------
  const [sort, setSort] = useState<SortState | undefined>(() => defaultSort(resource.columns));
  const filtered = useMemo(
    () => (items ? filterItems(items, facets, chips, q, columns) : []),
    [items, facets, chips, q, columns],
  );
  const rows = useMemo(
    () => sortItems(filtered, resource.columns, sort),
    [filtered, resource.columns, sort],
  );

  // --- paging ---------------------------------------------------------------------------------
  const defaultPerPage =
    cookiePageSize() ?? settings.data?.API_RESULT_PAGE_SIZE ?? DEFAULT_PAGE_SIZE;
  const [perPageChoice, setPerPageChoice] = useState<number>();
  const perPage = perPageChoice ?? defaultPerPage;
  const rowsSignature = JSON.stringify([chips, q]);
  const [paging, setPaging] = useState({ page: 1, signature: rowsSignature });
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  // A new filter starts at page 1; a shrinking list keeps the last page in range.
  const page = Math.min(paging.signature === rowsSignature ? paging.page : 1, pageCount);
  const setPage = (next: number): void => setPaging({ page: next, signature: rowsSignature });
  const pageRows = useMemo(
    () => rows.slice((page - 1) * perPage, page * perPage),
    [rows, page, perPage],
  );

  // --- selection and expansion ----------------------------------------------------------------
  const keyOf = resource.key;
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(() => new Set());
  // What the user sees selected, in the order shown: filtered-out rows are not acted upon.
  const selected = useMemo(
    () => rows.filter((item) => selectedKeys.has(keyOf(item))),
    [rows, selectedKeys, keyOf],
  );

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (set: ReadonlySet<string>, key: string, on: boolean): Set<string> => {
    const next = new Set(set);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  };

  // --- actions --------------------------------------------------------------------------------
  const actions = resource.actions;
  const tableTargets = useMemo(() => [undefined], []);
  const batchTargets = useMemo(() => [selected], [selected]);
  const tableDecisions = useActionDecisions(actions?.table, tableTargets, true);
  const batchDecisions = useActionDecisions(actions?.batch, batchTargets, true);
  const rowDecisions = useActionDecisions(actions?.row, pageRows);
  // Spec 2 §2: selection only with batch actions, and only ones this user may run (a reader
  // gets no checkboxes that lead nowhere).
  const hasBatch = batchDecisions.decisions[0]?.some((d) => d.permitted) ?? false;
  // Likewise no actions column when no row action is permitted on any shown row.
  const hasRowActions = rowDecisions.decisions.some((row) => row.some((d) => d.permitted));

  const listKey = listOptions.queryKey;
  // Spec 2 §4 "After an action".
  const onResult = (result: ActionResult | undefined): void => {
    if (!result) {
      void queryClient.invalidateQueries({ queryKey: listKey });
      return;
    }
    if (result.deleted?.length) {
      const gone = new Set(result.deleted);
      queryClient.setQueryData<T[]>(listKey, (old) => old?.filter((i) => !gone.has(keyOf(i))));
      setSelectedKeys(new Set());
    }
    if (result.created?.length || result.updated?.length) {
      void queryClient.invalidateQueries({ queryKey: listKey });
    }
  };
  const host = useActionHost<T>({ label: resource.label, key: keyOf, onResult });

  // --- rendering ------------------------------------------------------------------------------
  const nav = scope.home && scope.home !== scope.path ? `${scope.path}/` : undefined;
  const cellContext = (item: T): CellContext => ({
    detailsHref: detailsPath(resource.type, keyOf(item), nav),
  });
  const summary = resource.summary;
  const columnCount =
    columns.length + (hasBatch ? 1 : 0) + (summary ? 1 : 0) + (hasRowActions ? 1 : 0);
  const pageSelected = pageRows.filter((item) => selectedKeys.has(keyOf(item))).length;

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
    perPage,
    page,
    onSetPage: (_e: unknown, next: number) => setPage(next),
    onPerPageSelect: (_e: unknown, next: number) => {
      setPerPageChoice(next);
      setPage(1);
    },
    perPageOptions: [...new Set([10, 20, 50, 100, defaultPerPage])]
      .sort((a, b) => a - b)
      .map((n) => ({ title: String(n), value: n })),
  };

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
  if (waiting) {
    body = messageRow(
      <EmptyState variant="xs" status="info" titleText={t(FILTER_FIRST_TEXT)} headingLevel="h2" />,
    );
  } else if (list.isPending) {
    body = (
      <Tbody aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Tr key={n}>
            {Array.from({ length: columnCount }, (_v, i) => (
              <Td key={i}>
                <Skeleton screenreaderText={i === 0 && n === 0 ? t('Loading') : undefined} />
              </Td>
            ))}
          </Tr>
        ))}
      </Tbody>
    );
  } else if (rows.length === 0) {
    body = messageRow(
      <EmptyState variant="xs">
        <EmptyStateBody>{t(EMPTY_TEXT)}</EmptyStateBody>
      </EmptyState>,
    );
  } else {
    const renderRow = (item: T, index: number): ReactNode => {
      const key = keyOf(item);
      const name = resource.label(item);
      const isExpanded = expanded.has(key);
      const ctx = cellContext(item);
      const cells = (
        <Tr key={key} isContentExpanded={summary ? isExpanded : undefined}>
          {summary && (
            <Td className={tableStyles.tableToggle}>
              <CollapseColumn
                aria-label={t('Details of {{name}}', { name })}
                isOpen={isExpanded}
                onToggle={() => setExpanded((s) => toggle(s, key, !isExpanded))}
              />
            </Td>
          )}
          {hasBatch && (
            <Td className={tableStyles.tableCheck}>
              <Checkbox
                id={`${tableId}-select-${index}`}
                aria-label={t('Select {{name}}', { name })}
                isChecked={selectedKeys.has(key)}
                onChange={(_e, on) => setSelectedKeys((s) => toggle(s, key, on))}
              />
            </Td>
          )}
          {columns.map((column) => (
            <Td key={column.id} dataLabel={t(column.title)}>
              {column.cell ? column.cell(item, ctx) : columnText(column, item)}
            </Td>
          ))}
          {hasRowActions && (
            <Td isActionCell>
              <ActionMenu
                name={name}
                decisions={rowDecisions.decisions[index] ?? []}
                onRun={(action) => host.run(action, item)}
              />
            </Td>
          )}
        </Tr>
      );
      if (!summary) return cells;
      return (
        <Tbody key={key} isExpanded={isExpanded}>
          {cells}
          <Tr isExpanded={isExpanded}>
            <Td colSpan={columnCount}>
              <ExpandableRowContent>
                {isExpanded && <Summary fields={summary} item={item} />}
              </ExpandableRowContent>
            </Td>
          </Tr>
        </Tbody>
      );
    };
    body = summary ? <>{pageRows.map(renderRow)}</> : <Tbody>{pageRows.map(renderRow)}</Tbody>;
  }

  const toolbarActions =
    actions?.table?.length || hasBatch ? (
      <Flex spaceItems={{ default: 'spaceItemsSm' }}>
        <ActionButtons
          decisions={tableDecisions.decisions[0] ?? []}
          onRun={(action) => host.run(action, undefined)}
        />
        <ActionButtons
          batch
          decisions={batchDecisions.decisions[0] ?? []}
          onRun={(action) => host.run(action, selected)}
        />
      </Flex>
    ) : undefined;

  return (
    <>
      <FacetToolbar
        facets={facets}
        params={params}
        actions={toolbarActions}
        pagination={<Pagination {...paginationProps} isCompact />}
      />
      <Table aria-label={scope.names ? t(scope.names.many) : resource.type}>
        <Thead>
          <Tr>
            {summary && <Th screenReaderText={t('Row details')} />}
            {hasBatch && (
              <Th className={tableStyles.tableCheck} aria-label={t('Select all')}>
                <SelectAll
                  label={t('Select all')}
                  state={
                    pageSelected === 0 ? false : pageSelected === pageRows.length ? true : null
                  }
                  isDisabled={pageRows.length === 0}
                  onChange={(on) =>
                    setSelectedKeys((s) => {
                      const next = new Set(s);
                      for (const item of pageRows) {
                        if (on) next.add(keyOf(item));
                        else next.delete(keyOf(item));
                      }
                      return next;
                    })
                  }
                />
              </Th>
            )}
            <ColumnHeaders columns={columns} sort={sort} onSort={setSort} />
            {hasRowActions && <Th screenReaderText={t('Actions')} />}
          </Tr>
        </Thead>
        {body}
      </Table>
      <Flex
        justifyContent={{ default: 'justifyContentSpaceBetween' }}
        alignItems={{ default: 'alignItemsCenter' }}
      >
        <Content component="small">{t(FOOTER_TEXT, { count: rows.length })}</Content>
        <Pagination {...paginationProps} variant="bottom" />
      </Flex>
      {host.element}
    </>
  );
}
