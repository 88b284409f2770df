import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  MenuToggle,
  SearchInput,
  Select,
  SelectList,
  SelectOption,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarFilter,
  ToolbarGroup,
  ToolbarItem,
  type ToolbarLabel,
  type ToolbarLabelGroup,
} from '@patternfly/react-core';
import FilterIcon from '@patternfly/react-icons/dist/esm/icons/filter-icon';
import { useTranslation } from '../../i18n/useTranslation';
import type { FacetDescriptor, FacetParams } from './useFacetParams';

/** Spec 1 §9: table quick search delay. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FacetToolbarProps {
  facets: readonly FacetDescriptor[];
  params: FacetParams;
  /** Table and batch action buttons. */
  actions?: ReactNode;
  /** The top pagination control. */
  pagination?: ReactNode;
  /** Offer free-text search (false on a server page: it would only search the page). */
  search?: boolean;
}

interface PickerProps {
  label: string;
  value: string | undefined;
  options: { key: string; label: string }[];
  onPick: (key: string) => void;
  icon?: ReactNode;
}

function Picker({ label, value, options, onPick, icon }: PickerProps): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const picked = options.find((o) => o.key === value)?.label;
  const current = picked ?? label;
  return (
    <Select
      isOpen={open}
      selected={value}
      onOpenChange={setOpen}
      onSelect={(_e, key) => {
        setOpen(false);
        if (typeof key === 'string') onPick(key);
      }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          icon={icon}
          // The name includes the text shown ("Filter by: Name"), as WCAG 2.5.3 asks.
          aria-label={picked ? t('{{label}}: {{value}}', { label, value: picked }) : label}
          isExpanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {current}
        </MenuToggle>
      )}
    >
      <SelectList>
        {options.map((o) => (
          <SelectOption key={o.key} value={o.key}>
            {o.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}

function TextValue({ facet, onAdd }: { facet: string; onAdd: (v: string) => void }): ReactNode {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <TextInput
      type="search"
      aria-label={t('Filter by {{facet}}', { facet })}
      placeholder={t('Filter by {{facet}}', { facet })}
      value={text}
      onChange={(_e, v) => setText(v)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && text.trim()) {
          e.preventDefault();
          onAdd(text);
          setText('');
        }
      }}
    />
  );
}

/**
 * Debounced free-text box: typing updates the box at once and the URL (and so the rows)
 * after 300 ms; an outside change (clear all, Back) resets the box.
 */
function FreeText({ q, setQ }: { q: string; setQ: (q: string) => void }): ReactNode {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const [synced, setSynced] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (q !== synced) {
    setSynced(q);
    setText(q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (value: string, delay: number): void => {
    setText(value);
    clearTimeout(timer.current);
    if (delay === 0) setQ(value);
    else timer.current = setTimeout(() => setQ(value), delay);
  };
  return (
    <SearchInput
      aria-label={t('Search')}
      placeholder={t('Search')}
      resetButtonLabel={t('Clear search')}
      value={text}
      onChange={(_e, v) => change(v, SEARCH_DEBOUNCE_MS)}
      onClear={() => change('', 0)}
    />
  );
}

/**
 * The faceted search box of spec 2 §2: pick a facet, then pick an option or type a value to
 * make a chip; chips can be removed one by one or all at once; plus free-text search.
 */
export function FacetToolbar({
  facets,
  params,
  actions,
  pagination,
  search = true,
}: FacetToolbarProps): ReactNode {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | undefined>(facets[0]?.id);
  const active = facets.find((f) => f.id === current) ?? facets[0];

  return (
    <Toolbar clearAllFilters={params.clearAll} clearFiltersButtonText={t('Clear all filters')}>
      <ToolbarContent>
        {facets.length > 0 && (
          <ToolbarGroup variant="filter-group">
            <ToolbarItem>
              <Picker
                label={t('Filter by')}
                icon={<FilterIcon />}
                value={active?.id}
                options={facets.map((f) => ({ key: f.id, label: t(f.label) }))}
                onPick={setCurrent}
              />
            </ToolbarItem>
            {facets.map((facet) => {
              const category: ToolbarLabelGroup = { key: facet.id, name: t(facet.label) };
              const optionLabel = (key: string): string => {
                const option = facet.options?.find((o) => o.key === key);
                return option ? t(option.label) : key;
              };
              const labels: ToolbarLabel[] = params.chips
                .filter((c) => c.facet === facet.id)
                .map((c) => ({ key: c.value, node: optionLabel(c.value) }));
              return (
                <ToolbarFilter
                  key={facet.id}
                  categoryName={category}
                  labels={labels}
                  deleteLabel={(_cat, label) =>
                    params.remove(facet.id, typeof label === 'string' ? label : label.key)
                  }
                  deleteLabelGroup={() => params.removeFacet(facet.id)}
                  showToolbarItem={active?.id === facet.id}
                >
                  {facet.options ? (
                    <Picker
                      label={t('Filter by {{facet}}', { facet: t(facet.label) })}
                      value={undefined}
                      options={facet.options.map((o) => ({ key: o.key, label: t(o.label) }))}
                      onPick={(key) => params.add(facet.id, key)}
                    />
                  ) : (
                    <TextValue facet={t(facet.label)} onAdd={(v) => params.add(facet.id, v)} />
                  )}
                </ToolbarFilter>
              );
            })}
          </ToolbarGroup>
        )}
        {search && (
          <ToolbarItem>
            <FreeText q={params.q} setQ={params.setQ} />
          </ToolbarItem>
        )}
        {actions && <ToolbarGroup variant="action-group">{actions}</ToolbarGroup>}
        {pagination && <ToolbarItem variant="pagination">{pagination}</ToolbarItem>}
      </ToolbarContent>
    </Toolbar>
  );
}
