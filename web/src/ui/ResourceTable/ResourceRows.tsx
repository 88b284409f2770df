import { useEffect, useMemo, type ReactNode, type Ref, type RefObject } from 'react';
import {
  Checkbox,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from '@patternfly/react-core';
import { CollapseColumn, ExpandableRowContent, Tbody, Td, Tr } from '@patternfly/react-table';
// The CommonJS build: the .mjs one imports its CSS as a module, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import { css } from '@patternfly/react-styles';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from '../../i18n/useTranslation';
import { useItemAccess } from '../../api/itemAccess';
import type { Action, CellContext, Column, Field } from '../../registry/types';
import { ActionMenu } from '../ActionMenu/ActionMenu';
import type { ActionDecision } from '../ActionMenu/useActionDecisions';
import { columnText } from '../FacetToolbar/filterItems';
import { cellModifierClass } from './cellModifiers';
import { columnClasses } from './columnRoom';
import { DECIDE_STEP, type RowWindow } from './rowWindow';

/** A compact PatternFly row; real heights are measured as rows render. */
const ESTIMATED_ROW_PX = 49;
/** Rows rendered beyond the visible ones, so a quick scroll shows no blank. */
const OVERSCAN = 12;

export interface ResourceRowsProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  keyOf: (item: T) => string;
  label: (item: T) => string;
  summary: readonly Field<T>[] | undefined;
  hasBatch: boolean;
  hasRowActions: boolean;
  /** Decisions of rows[window.start + i] at [i]. */
  decisions: readonly (readonly ActionDecision<T>[])[];
  window: RowWindow;
  selectedKeys: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  select: (key: string, on: boolean) => void;
  expand: (key: string, on: boolean) => void;
  run: (action: Action<T>, item: T) => void;
  cellContext: (item: T) => CellContext;
  columnCount: number;
  /** The columns' titles, translated once for every row's cells (their data-label). */
  titles: readonly string[];
  idPrefix: string;
  /** Set: render only the rows in view of this scroll container. */
  scroller?: RefObject<HTMLDivElement | null>;
  onWindow?: (window: RowWindow) => void;
}

function Summary<T>({ fields, item }: { fields: readonly Field<T>[]; item: T }): ReactNode {
  const { t } = useTranslation();
  // Fields gated as on the details page (requires, per-item policy target).
  const items = useMemo(() => [item], [item]);
  const access = useItemAccess(fields, items);
  return (
    <DescriptionList isHorizontal isCompact>
      {fields
        .filter((_field, i) => access.allowed(i, 0))
        .map((field) => (
          <DescriptionListGroup key={field.label}>
            <DescriptionListTerm>{t(field.label)}</DescriptionListTerm>
            <DescriptionListDescription>{field.value(item)}</DescriptionListDescription>
          </DescriptionListGroup>
        ))}
    </DescriptionList>
  );
}

/** One item: its row (and, with a summary, the expandable row under it in its own Tbody). */
function ResourceRow<T>({
  props,
  item,
  index,
  measure,
}: {
  props: ResourceRowsProps<T>;
  item: T;
  index: number;
  /** Virtualised: measures the rendered height and gives the row its place in the count. */
  measure?: Ref<HTMLElement>;
}): ReactNode {
  const { t } = useTranslation();
  const { summary, hasBatch, hasRowActions, columns, keyOf, selectedKeys, expanded, titles } =
    props;
  const key = keyOf(item);
  const name = props.label(item);
  const classes = columnClasses(columns);
  const isExpanded = expanded.has(key);
  const ctx = props.cellContext(item);
  const decisions = props.decisions[index - props.window.start] ?? [];
  const place = measure && { 'data-index': index, 'aria-rowindex': index + 2 };
  const cells = (
    <Tr
      key={key}
      isContentExpanded={summary ? isExpanded : undefined}
      {...(!summary && place)}
      {...(!summary && measure && { innerRef: measure })}
    >
      {summary && (
        <td className={css(tableStyles.tableTd, tableStyles.tableToggle)}>
          <CollapseColumn
            aria-label={t('Details of {{name}}', { name })}
            isOpen={isExpanded}
            onToggle={() => props.expand(key, !isExpanded)}
          />
        </td>
      )}
      {hasBatch && (
        <td className={css(tableStyles.tableTd, tableStyles.tableCheck)}>
          <Checkbox
            id={`${props.idPrefix}-select-${index}`}
            aria-label={t('Select {{name}}', { name })}
            isChecked={selectedKeys.has(key)}
            onChange={(_e, on) => props.select(key, on)}
          />
        </td>
      )}
      {columns.map((column, i) => (
        // Plain cells with PatternFly's classes, here and above: its Td measures the cell for
        // truncation in an effect that runs on every render (its ref is made anew each time),
        // a forced layout per cell, which a 10,000-row table's search keystrokes paid for on
        // every visible row; ours wrap instead of truncating.
        <td
          key={column.id}
          className={css(tableStyles.tableTd, cellModifierClass(column.modifier), classes[i])}
          data-label={titles[i]}
          // A truncated value is whole in its tooltip.
          {...(column.modifier === 'truncate' && { title: columnText(column, item) })}
        >
          {column.cell ? column.cell(item, ctx) : columnText(column, item)}
        </td>
      ))}
      {hasRowActions && (
        <td className={css(tableStyles.tableTd, tableStyles.tableAction)}>
          <ActionMenu
            name={name}
            decisions={decisions}
            onRun={(action) => props.run(action, item)}
          />
        </td>
      )}
    </Tr>
  );
  if (!summary) return cells;
  return (
    <Tbody
      key={key}
      isExpanded={isExpanded}
      {...(place && { 'data-index': place['data-index'] })}
      {...(measure && { innerRef: measure })}
    >
      {cells}
      <Tr isExpanded={isExpanded}>
        <Td colSpan={props.columnCount}>
          <ExpandableRowContent>
            {isExpanded && <Summary fields={summary} item={item} />}
          </ExpandableRowContent>
        </Td>
      </Tr>
    </Tbody>
  );
}

/** Empty space standing for the rows scrolled out of view (hidden from assistive technology). */
function Spacer({
  height,
  columnCount,
  own,
}: {
  height: number;
  columnCount: number;
  own: boolean;
}): ReactNode {
  if (height <= 0) return null;
  const row = (
    <Tr aria-hidden="true" style={{ height }}>
      <Td colSpan={columnCount} style={{ padding: 0, border: 0 }} />
    </Tr>
  );
  return own ? <Tbody aria-hidden="true">{row}</Tbody> : row;
}

/** Only the rows in view, with spacers for the rest, so 10,000 rows scroll and filter freely. */
function VirtualRows<T>({
  props,
  scroller,
}: {
  props: ResourceRowsProps<T>;
  scroller: RefObject<HTMLDivElement | null>;
}): ReactNode {
  const { rows, keyOf, summary, columnCount, onWindow } = props;
  // The virtualizer is read afresh on every render (nothing here is memoised), which is the
  // use the React Compiler's warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    // A row not laid out (yet) measures 0: taken at its word, every row would fit the window.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => {
      const item = rows[index];
      return item === undefined ? index : keyOf(item);
    },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const start = first ? Math.floor(first.index / DECIDE_STEP) * DECIDE_STEP : 0;
  const end = last ? (Math.floor(last.index / DECIDE_STEP) + 1) * DECIDE_STEP : DECIDE_STEP;
  useEffect(() => onWindow?.({ start, end }), [onWindow, start, end]);

  const before = first?.start ?? 0;
  const after = virtualizer.getTotalSize() - (last?.end ?? 0);
  const body = items.map((v) => {
    const item = rows[v.index];
    return item === undefined ? null : (
      <ResourceRow
        key={keyOf(item)}
        props={props}
        item={item}
        index={v.index}
        measure={virtualizer.measureElement}
      />
    );
  });
  const own = !!summary;
  const content = (
    <>
      <Spacer height={before} columnCount={columnCount} own={own} />
      {body}
      <Spacer height={after} columnCount={columnCount} own={own} />
    </>
  );
  return own ? content : <Tbody>{content}</Tbody>;
}

/** A table's data rows: all of them, or a virtualised window when `scroller` is given. */
export function ResourceRows<T>(props: ResourceRowsProps<T>): ReactNode {
  const { scroller, rows, summary, keyOf } = props;
  if (scroller) return <VirtualRows props={props} scroller={scroller} />;
  const body = rows.map((item, index) => (
    <ResourceRow key={keyOf(item)} props={props} item={item} index={index} />
  ));
  return summary ? <>{body}</> : <Tbody>{body}</Tbody>;
}
