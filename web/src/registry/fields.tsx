import { Suspense, lazy, type ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import { t } from '../i18n/i18n';
import { msg, type Msg } from '../i18n/msg';
import { formatDateTime } from './formatDate';
import { formatSize, type SizeUnit } from './formatSize';
import type { Field, Requirement, Tab } from './types';

export interface FieldOptions<T = unknown> {
  requires?: Requirement[];
  /** Checks `requires` against the item (Field.policyTarget). */
  policyTarget?: Field<T>['policyTarget'];
  /** Enough instead of `requires` (Field.orRequires). */
  orRequires?: Requirement[];
}

// Only details pages show copyable text: PatternFly's clipboard widget (with its truncation and
// expansion code and styles) loads with the first one, not with every panel that declares one.
const CopyableText = lazy(() =>
  import('./CopyableText').then((m) => ({ default: m.CopyableText })),
);

const withRequires = <T,>(f: Field<T>, opts: FieldOptions<T>): Field<T> => ({
  ...f,
  ...(opts.requires && { requires: opts.requires }),
  ...(opts.policyTarget && { policyTarget: opts.policyTarget }),
  ...(opts.orRequires && { orRequires: opts.orRequires }),
});

/** A label and a value shown as text. */
export function field<T>(
  label: Msg,
  value: (item: T) => ReactNode,
  opts: FieldOptions<T> = {},
): Field<T> {
  return withRequires({ label, value }, opts);
}

// The typed fields below differ only in how they show the raw value they read from the item.
const shownAs = <T, V>(
  label: Msg,
  value: (item: T) => V,
  show: (raw: V) => ReactNode,
  opts: FieldOptions<T>,
): Field<T> => withRequires({ label, value: (item) => show(value(item)) }, opts);

/** A size given in `unit`, shown scaled (spec 1 §9). */
export function sizeField<T>(
  label: Msg,
  value: (item: T) => number | null | undefined,
  unit: SizeUnit,
  opts: FieldOptions<T> = {},
): Field<T> {
  return shownAs(label, value, (raw) => formatSize(raw, unit), opts);
}

const showDate = (raw: string | null | undefined): ReactNode =>
  raw ? (
    <time dateTime={raw} title={raw}>
      {formatDateTime(raw)}
    </time>
  ) : (
    ''
  );

/**
 * A timestamp in the user's locale and time zone; the exact API value stays machine-readable
 * (`<time dateTime>`) and in the tooltip.
 */
export function dateField<T>(
  label: Msg,
  value: (item: T) => string | null | undefined,
  opts: FieldOptions<T> = {},
): Field<T> {
  return shownAs(label, value, showDate, opts);
}

const showBoolean = (v: boolean | null | undefined): ReactNode =>
  v === null || v === undefined ? '' : v ? t(msg('Yes')) : t(msg('No'));

export function booleanField<T>(
  label: Msg,
  value: (item: T) => boolean | null | undefined,
  opts: FieldOptions<T> = {},
): Field<T> {
  return shownAs(label, value, showBoolean, opts);
}

/** Long machine text (keys, certificates): monospace, with a copy button. */
export function copyableField<T>(
  label: Msg,
  value: (item: T) => string | null | undefined,
  opts: FieldOptions<T> = {},
): Field<T> {
  const show = (text: string | null | undefined): ReactNode =>
    text ? (
      <Suspense fallback={null}>
        <CopyableText text={text} label={label} />
      </Suspense>
    ) : (
      ''
    );
  return shownAs(label, value, show, opts);
}

function showKeyValues(map: Readonly<Record<string, string>> | null | undefined): ReactNode {
  const entries = Object.entries(map ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return t(msg('None'));
  return (
    <Content component="ul" isPlainList>
      {entries.map(([k, v]) => (
        <Content component="li" key={k}>
          <code>{k}</code> = <code>{v}</code>
        </Content>
      ))}
    </Content>
  );
}

/** A string map (extra specs, metadata) as "key = value" lines, sorted by key. */
export function keyValueField<T>(
  label: Msg,
  value: (item: T) => Readonly<Record<string, string>> | null | undefined,
  opts: FieldOptions<T> = {},
): Field<T> {
  return shownAs(label, value, showKeyValues, opts);
}

/** The first details tab (spec 2 §3 properties). */
export function overviewTab<T>(fields: Field<T>[]): Tab<T> {
  return { id: 'overview', title: msg('Overview'), fields };
}

/** A details tab with its own rendering (a members table, a rules table). */
export function customTab<T>(id: string, title: Msg, render: (item: T) => ReactNode): Tab<T> {
  return { id, title, render };
}
