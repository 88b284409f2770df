import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import {
  Button,
  Content,
  HelperText,
  HelperTextItem,
  SearchInput,
  Spinner,
  Tooltip,
} from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { u } from '../ui/utilities/utilities';

export interface TransferColumn<T> {
  /** Translated header. */
  title: string;
  cell: (item: T) => ReactNode;
}

export interface TransferTableProps<T> {
  /** Translated name of what is allocated, e.g. "Source"; names the two tables. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Text of the item read by screen readers on its buttons. */
  itemName: (item: T) => string;
  columns: readonly TransferColumn<T>[];
  /** Keys in allocation order. */
  allocated: readonly string[];
  onChange: (keys: string[]) => void;
  /** 1: a new allocation replaces the old one (spec 2 §5). Absent: unlimited. */
  max?: number;
  /** Translated "Only one … may be allocated" style help for max 1. */
  maxHelp?: string;
  /** Why an item cannot be allocated, translated; the row's Add is disabled with it. */
  disabledReason?: (item: T) => string | undefined;
  /** What the search matches; the columns' text otherwise is not known, so the name. */
  searchText?: (item: T) => string;
  /** Translated error of the step's field; marks the search invalid so focus lands there. */
  error?: string;
  loading?: boolean;
  /** Translated help shown when nothing is allocated. */
  emptyAllocated: string;
}

/**
 * Two tables, allocated above available (spec 2 §5 "Transfer table"): Add moves an item up,
 * Remove moves it back; with a maximum of 1 the new allocation replaces the old. The available
 * list is searched in the browser (every launch list is the project's, so it is whole here).
 */
export function TransferTable<T>({
  label,
  items,
  itemKey,
  itemName,
  columns,
  allocated,
  onChange,
  max,
  maxHelp,
  disabledReason,
  searchText,
  error,
  loading,
  emptyAllocated,
}: TransferTableProps<T>): ReactNode {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const errorId = `sd-transfer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const byKey = useMemo(() => new Map(items.map((i) => [itemKey(i), i])), [items, itemKey]);
  const allocatedItems = allocated.flatMap((k) => {
    const item = byKey.get(k);
    return item === undefined ? [] : [item];
  });
  const needle = search.trim().toLowerCase();
  const available = items.filter(
    (i) =>
      !allocated.includes(itemKey(i)) &&
      (!needle || (searchText ?? itemName)(i).toLowerCase().includes(needle)),
  );

  const add = (key: string): void =>
    onChange(
      max === 1
        ? [key]
        : max !== undefined && allocated.length >= max
          ? [...allocated]
          : [...allocated, key],
    );
  const remove = (key: string): void => onChange(allocated.filter((k) => k !== key));

  const header = (
    <Thead>
      <Tr>
        {columns.map((c) => (
          <Th key={c.title}>{c.title}</Th>
        ))}
        <Th screenReaderText={t('Actions')} />
      </Tr>
    </Thead>
  );

  return (
    <div className={u.mtMd}>
      <Content component="h3">
        {t('Allocated')} <span className={u.textSubtle}>({allocatedItems.length})</span>
      </Content>
      {max === 1 && maxHelp && (
        <HelperText>
          <HelperTextItem>{maxHelp}</HelperTextItem>
        </HelperText>
      )}
      {allocatedItems.length === 0 ? (
        <Content component="p" className={u.textSubtle}>
          {emptyAllocated}
        </Content>
      ) : (
        <Table aria-label={t('Allocated {{label}}', { label })} variant="compact">
          {header}
          <Tbody>
            {allocatedItems.map((item) => (
              <Tr key={itemKey(item)}>
                {columns.map((c) => (
                  <Td key={c.title} dataLabel={c.title}>
                    {c.cell(item)}
                  </Td>
                ))}
                <Td isActionCell>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('Remove {{name}}', { name: itemName(item) })}
                    onClick={() => remove(itemKey(item))}
                  >
                    {t('Remove')}
                  </Button>
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
      {error && (
        <HelperText>
          <HelperTextItem variant="error" id={errorId}>
            {error}
          </HelperTextItem>
        </HelperText>
      )}
      <Content component="h3" className={u.mtLg}>
        {t('Available')} <span className={u.textSubtle}>({available.length})</span>
      </Content>
      <SearchInput
        aria-label={t('Search the available {{label}}', { label })}
        placeholder={t('Click here for filters or full text search.')}
        value={search}
        onChange={(_e, v) => setSearch(v)}
        onClear={() => setSearch('')}
        inputProps={error ? { 'aria-invalid': true, 'aria-describedby': errorId } : undefined}
      />
      {loading ? (
        <Spinner size="lg" aria-label={t('Loading')} />
      ) : available.length === 0 ? (
        <Content component="p" className={u.textSubtle}>
          {t('No items to display.')}
        </Content>
      ) : (
        <Table aria-label={t('Available {{label}}', { label })} variant="compact">
          {header}
          <Tbody>
            {available.map((item) => {
              const reason = disabledReason?.(item);
              const button = (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('Allocate {{name}}', { name: itemName(item) })}
                  isAriaDisabled={!!reason}
                  onClick={() => add(itemKey(item))}
                >
                  {t('Add')}
                </Button>
              );
              return (
                <Tr key={itemKey(item)} className={reason ? 'pf-m-disabled' : undefined}>
                  {columns.map((c) => (
                    <Td key={c.title} dataLabel={c.title}>
                      {c.cell(item)}
                    </Td>
                  ))}
                  <Td isActionCell>
                    {reason ? (
                      <>
                        <Tooltip content={reason}>{button}</Tooltip>
                        <HelperText>
                          <HelperTextItem variant="warning">{reason}</HelperTextItem>
                        </HelperText>
                      </>
                    ) : (
                      button
                    )}
                  </Td>
                </Tr>
              );
            })}
          </Tbody>
        </Table>
      )}
    </div>
  );
}
