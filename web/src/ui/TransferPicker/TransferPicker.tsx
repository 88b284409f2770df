import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  DualListSelector,
  DualListSelectorControl,
  DualListSelectorControlsWrapper,
  DualListSelectorList,
  DualListSelectorListItem,
  DualListSelectorPane,
  SearchInput,
} from '@patternfly/react-core';
import AngleDoubleLeftIcon from '@patternfly/react-icons/dist/esm/icons/angle-double-left-icon';
import AngleDoubleRightIcon from '@patternfly/react-icons/dist/esm/icons/angle-double-right-icon';
import AngleLeftIcon from '@patternfly/react-icons/dist/esm/icons/angle-left-icon';
import AngleRightIcon from '@patternfly/react-icons/dist/esm/icons/angle-right-icon';
import { useTranslation } from '../../i18n/useTranslation';

export interface TransferEntry {
  id: string;
  name: string;
}

/** The already translated words of one picker (its two panes and four controls). */
export interface TransferLabels {
  available: string;
  selected: string;
  addMarked: string;
  addAll: string;
  removeAll: string;
  removeMarked: string;
}

export interface TransferPickerProps {
  /** Every entry that may be chosen. */
  entries: readonly TransferEntry[];
  /** Ids of the chosen entries (an id missing from `entries` is shown by id, so it can be removed). */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  labels: TransferLabels;
  /** Put between the pane's side and the id in each item's DOM id (tests address items by it). */
  itemIdPrefix?: string;
  listMinHeight: string;
  /** Order of both lists; by name in the user's locale unless told. */
  compare?: (a: TransferEntry, b: TransferEntry) => number;
}

const byName = (a: TransferEntry, b: TransferEntry): number => a.name.localeCompare(b.name);

function Pane({
  title,
  entries,
  marked,
  onMark,
  side,
  itemIdPrefix,
  listMinHeight,
}: {
  title: string;
  entries: readonly TransferEntry[];
  marked: ReadonlySet<string>;
  onMark: (id: string) => void;
  side: 'available' | 'chosen';
  itemIdPrefix: string;
  listMinHeight: string;
}): ReactNode {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const titleId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? entries.filter((e) => e.name.toLowerCase().includes(needle) || e.id.includes(needle))
    : entries;
  return (
    <DualListSelectorPane
      title={<span id={titleId}>{title}</span>}
      isChosen={side === 'chosen'}
      status={t('{{marked}} of {{count}} marked', { marked: marked.size, count: entries.length })}
      searchInput={
        <SearchInput
          aria-label={t('Filter {{list}}', { list: title })}
          value={filter}
          onChange={(_e, v) => setFilter(v)}
          onClear={() => setFilter('')}
        />
      }
      listMinHeight={listMinHeight}
    >
      {/* Named by its title, not by PF's default (the "n of m" status). */}
      <DualListSelectorList aria-labelledby={titleId}>
        {shown.map((entry) => (
          <DualListSelectorListItem
            key={entry.id}
            id={`${side}-${itemIdPrefix}${entry.id}`}
            isSelected={marked.has(entry.id)}
            onOptionSelect={() => onMark(entry.id)}
          >
            {entry.name}
          </DualListSelectorListItem>
        ))}
      </DualListSelectorList>
    </DualListSelectorPane>
  );
}

type SetMarked = (update: (s: ReadonlySet<string>) => ReadonlySet<string>) => void;

const toggle =
  (set: SetMarked) =>
  (id: string): void =>
    set((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

/**
 * A two-list transfer (spec 2 §1 "a two-list transfer table", unlimited allocation): entries move
 * between an Available and a Selected pane, each with its own filter and marks.
 */
export function TransferPicker({
  entries,
  chosen,
  onChange,
  labels,
  itemIdPrefix = '',
  listMinHeight,
  compare = byName,
}: TransferPickerProps): ReactNode {
  const [markedAvailable, setMarkedAvailable] = useState<ReadonlySet<string>>(new Set());
  const [markedChosen, setMarkedChosen] = useState<ReadonlySet<string>>(new Set());
  const { available, selected } = useMemo(() => {
    const chosenSet = new Set(chosen);
    const known = new Map(entries.map((e) => [e.id, e]));
    return {
      available: entries.filter((e) => !chosenSet.has(e.id)).sort(compare),
      selected: chosen.map((id) => known.get(id) ?? { id, name: id }).sort(compare),
    };
  }, [entries, chosen, compare]);

  const add = (ids: readonly string[]): void => {
    onChange([...chosen, ...ids.filter((id) => !chosen.includes(id))]);
    setMarkedAvailable(new Set());
  };
  const remove = (ids: ReadonlySet<string>): void => {
    onChange(chosen.filter((id) => !ids.has(id)));
    setMarkedChosen(new Set());
  };

  return (
    <DualListSelector>
      <Pane
        title={labels.available}
        entries={available}
        marked={markedAvailable}
        onMark={toggle(setMarkedAvailable)}
        side="available"
        itemIdPrefix={itemIdPrefix}
        listMinHeight={listMinHeight}
      />
      <DualListSelectorControlsWrapper>
        <DualListSelectorControl
          isDisabled={markedAvailable.size === 0}
          onClick={() => add([...markedAvailable])}
          aria-label={labels.addMarked}
          icon={<AngleRightIcon />}
          tooltipContent={labels.addMarked}
        />
        <DualListSelectorControl
          isDisabled={available.length === 0}
          onClick={() => add(available.map((e) => e.id))}
          aria-label={labels.addAll}
          icon={<AngleDoubleRightIcon />}
          tooltipContent={labels.addAll}
        />
        <DualListSelectorControl
          isDisabled={selected.length === 0}
          onClick={() => remove(new Set(chosen))}
          aria-label={labels.removeAll}
          icon={<AngleDoubleLeftIcon />}
          tooltipContent={labels.removeAll}
        />
        <DualListSelectorControl
          isDisabled={markedChosen.size === 0}
          onClick={() => remove(markedChosen)}
          aria-label={labels.removeMarked}
          icon={<AngleLeftIcon />}
          tooltipContent={labels.removeMarked}
        />
      </DualListSelectorControlsWrapper>
      <Pane
        title={labels.selected}
        entries={selected}
        marked={markedChosen}
        onMark={toggle(setMarkedChosen)}
        side="chosen"
        itemIdPrefix={itemIdPrefix}
        listMinHeight={listMinHeight}
      />
    </DualListSelector>
  );
}
