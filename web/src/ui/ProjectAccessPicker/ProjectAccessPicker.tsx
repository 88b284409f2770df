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
import type { Project } from '@skydeck/contract';

export interface ProjectAccessPickerProps {
  projects: readonly Project[];
  /** Ids of the projects allowed to use the flavor or volume type. */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

interface Entry {
  id: string;
  name: string;
}

const byName = (a: Entry, b: Entry): number => a.name.localeCompare(b.name);

function Pane({
  title,
  entries,
  marked,
  onMark,
  isChosen,
}: {
  title: string;
  entries: Entry[];
  marked: ReadonlySet<string>;
  onMark: (id: string) => void;
  isChosen?: boolean;
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
      isChosen={isChosen}
      status={t('{{marked}} of {{count}} marked', { marked: marked.size, count: entries.length })}
      searchInput={
        <SearchInput
          aria-label={t('Filter {{list}}', { list: title })}
          value={filter}
          onChange={(_e, v) => setFilter(v)}
          onClear={() => setFilter('')}
        />
      }
      listMinHeight="12rem"
    >
      {/* Named by its title, not by PF's default (the "n of m" status). */}
      <DualListSelectorList aria-labelledby={titleId}>
        {shown.map((entry) => (
          <DualListSelectorListItem
            key={entry.id}
            id={`${isChosen ? 'chosen' : 'available'}-${entry.id}`}
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

/**
 * The two-list transfer of spec 2 (§1 "a two-list transfer table", unlimited allocation):
 * projects move between Available and Selected.
 */
export function ProjectAccessPicker({
  projects,
  chosen,
  onChange,
}: ProjectAccessPickerProps): ReactNode {
  const { t } = useTranslation();
  const [markedAvailable, setMarkedAvailable] = useState<ReadonlySet<string>>(new Set());
  const [markedChosen, setMarkedChosen] = useState<ReadonlySet<string>>(new Set());
  const { available, selected } = useMemo(() => {
    const chosenSet = new Set(chosen);
    const known = new Map(projects.map((p) => [p.id, p.name || p.id]));
    return {
      available: projects
        .filter((p) => !chosenSet.has(p.id))
        .map((p) => ({ id: p.id, name: p.name || p.id }))
        .sort(byName),
      // A project that no longer exists is still shown (by id) so it can be removed.
      selected: chosen.map((id) => ({ id, name: known.get(id) ?? id })).sort(byName),
    };
  }, [projects, chosen]);

  const toggle =
    (set: (update: (s: ReadonlySet<string>) => ReadonlySet<string>) => void) =>
    (id: string): void =>
      set((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });

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
        title={t('Available projects')}
        entries={available}
        marked={markedAvailable}
        onMark={toggle(setMarkedAvailable)}
      />
      <DualListSelectorControlsWrapper>
        <DualListSelectorControl
          isDisabled={markedAvailable.size === 0}
          onClick={() => add([...markedAvailable])}
          aria-label={t('Add marked projects')}
          icon={<AngleRightIcon />}
          tooltipContent={t('Add marked projects')}
        />
        <DualListSelectorControl
          isDisabled={available.length === 0}
          onClick={() => add(available.map((e) => e.id))}
          aria-label={t('Add all projects')}
          icon={<AngleDoubleRightIcon />}
          tooltipContent={t('Add all projects')}
        />
        <DualListSelectorControl
          isDisabled={selected.length === 0}
          onClick={() => remove(new Set(chosen))}
          aria-label={t('Remove all projects')}
          icon={<AngleDoubleLeftIcon />}
          tooltipContent={t('Remove all projects')}
        />
        <DualListSelectorControl
          isDisabled={markedChosen.size === 0}
          onClick={() => remove(markedChosen)}
          aria-label={t('Remove marked projects')}
          icon={<AngleLeftIcon />}
          tooltipContent={t('Remove marked projects')}
        />
      </DualListSelectorControlsWrapper>
      <Pane
        title={t('Selected projects')}
        entries={selected}
        marked={markedChosen}
        onMark={toggle(setMarkedChosen)}
        isChosen
      />
    </DualListSelector>
  );
}
