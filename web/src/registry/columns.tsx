import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Stack, type LabelProps } from '@patternfly/react-core';
// The CommonJS build (its class names only; the .mjs one imports its CSS as a module, which
// Node (Vitest) cannot load); the stylesheet is imported on its own.
import labelStyles from '@patternfly/react-styles/css/components/Label/label.js';
import '@patternfly/react-styles/css/components/Label/label.css';
import { css } from '@patternfly/react-styles';
import { t } from '../i18n/i18n';
import { msg, type Msg } from '../i18n/msg';
import { formatSize, toBytes, type SizeUnit } from './formatSize';
import type { CellContext, CellModifier, Column, Requirement } from './types';

// A status is rarely transitional: the progress bar's code and styles load with the first one.
const LoadingBar = lazy(() => import('./LoadingBar').then((m) => ({ default: m.LoadingBar })));

/** What every column helper accepts besides id, title and value. */
export interface ColumnOptions<T> {
  priority?: 1 | 2 | 3;
  defaultSort?: boolean | 'asc' | 'desc';
  sortable?: boolean;
  /** The list API's sort key (Column.serverSort). */
  serverSort?: string;
  requires?: Requirement[];
  /** Per-row policy target and alternative requirements (Column.policyTarget, orRequires). */
  policyTarget?: Column<T>['policyTarget'];
  orRequires?: Requirement[];
  /** Overrides the helper's rendering. */
  cell?: (item: T, ctx: CellContext) => ReactNode;
  /** Overrides it with a renderer made once per table render (Column.useCell). */
  useCell?: Column<T>['useCell'];
  /** What useCell reads, asked with the list (Column.prefetchCells). */
  prefetchCells?: Column<T>['prefetchCells'];
  /** How the text fits its cell (Column.modifier). */
  modifier?: CellModifier;
}

type Value = string | number | boolean | null | undefined;

function column<T>(
  id: string,
  title: Msg,
  value: (item: T) => Value,
  opts: ColumnOptions<T>,
  extra: Partial<Column<T>> = {},
): Column<T> {
  return {
    id,
    title,
    priority: opts.priority ?? 1,
    value,
    sortable: opts.sortable ?? true,
    ...(opts.defaultSort !== undefined && { defaultSort: opts.defaultSort }),
    ...(opts.serverSort !== undefined && { serverSort: opts.serverSort }),
    ...(opts.requires && { requires: opts.requires }),
    ...(opts.policyTarget && { policyTarget: opts.policyTarget }),
    ...(opts.orRequires && { orRequires: opts.orRequires }),
    ...(opts.modifier && { modifier: opts.modifier }),
    ...extra,
    ...(opts.cell && { cell: opts.cell }),
    ...(opts.useCell && { useCell: opts.useCell }),
    ...(opts.prefetchCells && { prefetchCells: opts.prefetchCells }),
  };
}

/**
 * Text of any length in a cell: a long unbroken value (a 255-character key pair name, a
 * fingerprint) may break anywhere, so it wraps inside its column instead of widening the table
 * until the columns after it are pushed out of sight. The whole value stays in the tooltip.
 */
export function LongText({ text }: { text: string }): ReactNode {
  if (text.length <= LONG_TEXT) return text;
  return (
    <span title={text} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </span>
  );
}

/** Shorter values wrap at their spaces, as any text does. */
const LONG_TEXT = 24;

export interface NameColumnOptions<T> extends ColumnOptions<T> {
  id?: string;
  title?: Msg;
  /** Defaults to `item.name`. */
  value?: (item: T) => string | null | undefined;
  /** Shown when the name is empty (server groups and trunks may be unnamed). */
  fallback?: (item: T) => string;
  /** Render the name as a link to the item's /ngdetails page. */
  linkToDetails?: boolean;
}

/** The name column: a link to the details page when asked (spec 2 §2 "links to details"). */
export function nameColumn<T extends { name?: string | null }>(
  opts: NameColumnOptions<T> = {},
): Column<T> {
  const value = opts.value ?? ((item: T): string | null | undefined => item.name);
  const shown = (item: T): string => value(item) || opts.fallback?.(item) || '';
  // Sorted and searched as shown, so an unnamed item sorts by its fallback.
  return column(opts.id ?? 'name', opts.title ?? msg('Name'), shown, opts, {
    cell: opts.linkToDetails
      ? (item, ctx) => (
          <Link to={ctx.detailsHref}>
            <LongText text={shown(item)} />
          </Link>
        )
      : (item) => <LongText text={shown(item)} />,
  });
}

export function textColumn<T>(
  id: string,
  title: Msg,
  value: (item: T) => string | null | undefined,
  opts: ColumnOptions<T> = {},
): Column<T> {
  return column(id, title, value, opts, {
    cell: (item) => <LongText text={value(item) ?? ''} />,
  });
}

export interface NumberColumnOptions<T> extends ColumnOptions<T> {
  /** Text after the number, e.g. a unit that needs no scaling. */
  suffix?: string;
}

export function numberColumn<T>(
  id: string,
  title: Msg,
  value: (item: T) => number | null | undefined,
  opts: NumberColumnOptions<T> = {},
): Column<T> {
  const text = (item: T): string => {
    const v = value(item);
    if (v === null || v === undefined) return '';
    return opts.suffix ? `${v} ${opts.suffix}` : String(v);
  };
  return column(id, title, value, opts, { text, cell: text });
}

export interface SizeColumnOptions<T> extends ColumnOptions<T> {
  /** The unit the value comes in; shown scaled in steps of 1024 (spec 1 §9). */
  unit?: SizeUnit;
}

/** A size: sorts by bytes, shows "512 MB", "2 GB" (spec 1 §9 units B..PB). */
export function sizeColumn<T>(
  id: string,
  title: Msg,
  value: (item: T) => number | null | undefined,
  opts: SizeColumnOptions<T> = {},
): Column<T> {
  const unit = opts.unit ?? 'B';
  const text = (item: T): string => formatSize(value(item), unit);
  const bytes = (item: T): number | null => {
    const v = value(item);
    return v === null || v === undefined ? null : toBytes(v, unit);
  };
  return column(id, title, bytes, opts, { text, cell: text });
}

// Cells translate with the shared instance, not a hook per cell: every row re-renders (and
// translates again) when the language changes, as the rows' own hook subscribes to it.
function yesNo(value: boolean | null | undefined): ReactNode {
  if (value === null || value === undefined) return null;
  return value ? t(msg('Yes')) : t(msg('No'));
}

/** A flag shown as Yes/No. */
export function booleanColumn<T>(
  id: string,
  title: Msg,
  value: (item: T) => boolean | null | undefined,
  opts: ColumnOptions<T> = {},
): Column<T> {
  return column(id, title, value, opts, {
    text: (item) => {
      const v = value(item);
      if (v === null || v === undefined) return '';
      return v ? t(msg('Yes')) : t(msg('No'));
    },
    cell: (item) => yesNo(value(item)),
  });
}

export interface LabelColumnOptions<T> extends ColumnOptions<T> {
  color?: (value: string, item: T) => LabelProps['color'];
  /** Translatable display texts for known values (e.g. statuses); unknown values show as is. */
  labels?: Record<string, Msg>;
  /** While true the label has a loading bar under it (spec 2 §2 images' transitional status). */
  inProgress?: (item: T) => boolean;
}

/**
 * A label's markup, made by a function rather than a component: a cell is rendered on every
 * row of every change, and a component here would add a translation hook per cell.
 */
function translatedLabel(text: string, known: boolean, color: LabelProps['color']): ReactNode {
  // PatternFly's label, drawn with its classes: its component measures its text in a layout
  // effect on every mount (a forced layout in each commit of a table whose rows change), for a
  // truncation tooltip a one-word status never needs.
  return (
    <span
      className={css(
        labelStyles.label,
        labelStyles.modifiers.filled,
        labelStyles.modifiers.compact,
        color && color !== 'grey' && labelStyles.modifiers[color],
      )}
    >
      <span className={labelStyles.labelContent}>
        <span className={labelStyles.labelText}>{known ? t(text) : text}</span>
      </span>
    </span>
  );
}

/** A short value (status, visibility) shown as a PatternFly label. */
export function labelColumn<T>(
  id: string,
  title: Msg,
  value: (item: T) => string | null | undefined,
  opts: LabelColumnOptions<T> = {},
): Column<T> {
  const display = (item: T): { text: string; known: boolean } | null => {
    const v = value(item);
    if (v === null || v === undefined || v === '') return null;
    const label = opts.labels?.[v];
    return label === undefined ? { text: v, known: false } : { text: label, known: true };
  };
  return column(id, title, value, opts, {
    text: (item) => {
      const d = display(item);
      if (!d) return '';
      return d.known ? t(d.text) : d.text;
    },
    cell: (item) => {
      const d = display(item);
      const v = value(item);
      if (!d || v === null || v === undefined) return null;
      const label = translatedLabel(d.text, d.known, opts.color?.(v, item));
      if (!opts.inProgress?.(item)) return label;
      return (
        <Stack>
          {label}
          <Suspense fallback={null}>
            <LoadingBar label={d.known ? t(d.text) : d.text} />
          </Suspense>
        </Stack>
      );
    },
  });
}
