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
import { useTranslation } from 'react-i18next';

export interface HostPickerProps {
  /** Every compute host (from the compute services). */
  hosts: readonly string[];
  /** The hosts in the aggregate. */
  chosen: readonly string[];
  onChange: (hosts: string[]) => void;
}

function HostPane({
  title,
  hosts,
  marked,
  onMark,
  isChosen,
}: {
  title: string;
  hosts: readonly string[];
  marked: ReadonlySet<string>;
  onMark: (host: string) => void;
  isChosen?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const titleId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = needle ? hosts.filter((h) => h.toLowerCase().includes(needle)) : hosts;
  return (
    <DualListSelectorPane
      title={<span id={titleId}>{title}</span>}
      isChosen={isChosen}
      status={t('{{marked}} of {{count}} marked', { marked: marked.size, count: hosts.length })}
      searchInput={
        <SearchInput
          aria-label={t('Filter {{list}}', { list: title })}
          value={filter}
          onChange={(_e, v) => setFilter(v)}
          onClear={() => setFilter('')}
        />
      }
      listMinHeight="10rem"
    >
      <DualListSelectorList aria-labelledby={titleId}>
        {shown.map((host) => (
          <DualListSelectorListItem
            key={host}
            id={`${isChosen ? 'chosen' : 'available'}-host-${host}`}
            isSelected={marked.has(host)}
            onOptionSelect={() => onMark(host)}
          >
            {host}
          </DualListSelectorListItem>
        ))}
      </DualListSelectorList>
    </DualListSelectorPane>
  );
}

/** Compute hosts moved between "Available hosts" and "Selected hosts" (a transfer list). */
export function HostPicker({ hosts, chosen, onChange }: HostPickerProps): ReactNode {
  const { t } = useTranslation();
  const [markedAvailable, setMarkedAvailable] = useState<ReadonlySet<string>>(new Set());
  const [markedChosen, setMarkedChosen] = useState<ReadonlySet<string>>(new Set());
  const { available, selected } = useMemo(() => {
    const chosenSet = new Set(chosen);
    return {
      available: hosts.filter((h) => !chosenSet.has(h)).sort(),
      // A member host that has no service any more is still listed, so it can be removed.
      selected: [...chosen].sort(),
    };
  }, [hosts, chosen]);

  const toggle =
    (set: (update: (s: ReadonlySet<string>) => ReadonlySet<string>) => void) =>
    (host: string): void =>
      set((s) => {
        const next = new Set(s);
        if (next.has(host)) next.delete(host);
        else next.add(host);
        return next;
      });
  const add = (names: readonly string[]): void => {
    onChange([...chosen, ...names.filter((h) => !chosen.includes(h))]);
    setMarkedAvailable(new Set());
  };
  const remove = (names: ReadonlySet<string>): void => {
    onChange(chosen.filter((h) => !names.has(h)));
    setMarkedChosen(new Set());
  };

  return (
    <DualListSelector>
      <HostPane
        title={t('Available hosts')}
        hosts={available}
        marked={markedAvailable}
        onMark={toggle(setMarkedAvailable)}
      />
      <DualListSelectorControlsWrapper>
        <DualListSelectorControl
          isDisabled={markedAvailable.size === 0}
          onClick={() => add([...markedAvailable])}
          aria-label={t('Add marked hosts')}
          icon={<AngleRightIcon />}
          tooltipContent={t('Add marked hosts')}
        />
        <DualListSelectorControl
          isDisabled={available.length === 0}
          onClick={() => add(available)}
          aria-label={t('Add all hosts')}
          icon={<AngleDoubleRightIcon />}
          tooltipContent={t('Add all hosts')}
        />
        <DualListSelectorControl
          isDisabled={selected.length === 0}
          onClick={() => remove(new Set(chosen))}
          aria-label={t('Remove all hosts')}
          icon={<AngleDoubleLeftIcon />}
          tooltipContent={t('Remove all hosts')}
        />
        <DualListSelectorControl
          isDisabled={markedChosen.size === 0}
          onClick={() => remove(markedChosen)}
          aria-label={t('Remove marked hosts')}
          icon={<AngleLeftIcon />}
          tooltipContent={t('Remove marked hosts')}
        />
      </DualListSelectorControlsWrapper>
      <HostPane
        title={t('Selected hosts')}
        hosts={selected}
        marked={markedChosen}
        onMark={toggle(setMarkedChosen)}
        isChosen
      />
    </DualListSelector>
  );
}
