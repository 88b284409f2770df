import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Grid, GridItem, Spinner, Title } from '@patternfly/react-core';
import type { QuotaLimit } from '@skydeck/contract';
import { defaultQuotaQueries } from '../../data/system/system';
import {
  projectQuotaQuery,
  updateProjectQuotas,
  type QuotaKind,
} from '../../data/quotas/projectQuotas';
import { QUOTA_INVALID, QUOTA_LABELS, changedQuotas, parseQuota } from '../../data/quotas/rules';
import type { Msg } from '../../i18n/msg';
import { msg } from '../../i18n/msg';
import { TextField } from '../../ui/fields/TextField';
import { u } from '../../ui/utilities/utilities';

const KINDS: readonly { kind: QuotaKind; title: Msg }[] = [
  { kind: 'compute', title: msg('Compute') },
  { kind: 'volume', title: msg('Volume') },
  { kind: 'network', title: msg('Network') },
];

const LABEL_ORDER = Object.keys(QUOTA_LABELS);

/** The known quotas in the labels' order, then the rest (per volume type…) by name. */
const ordered = (rows: readonly QuotaLimit[]): QuotaLimit[] =>
  [...rows].sort((a, b) => {
    const ia = LABEL_ORDER.indexOf(a.name);
    const ib = LABEL_ORDER.indexOf(b.name);
    if (ia !== ib) return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib);
    return a.name.localeCompare(b.name);
  });

/** The limits a kind starts from: the project's own (edit) or the defaults (create). */
function useBaseline(kind: QuotaKind, projectId: string | undefined) {
  const defaults =
    kind === 'compute'
      ? defaultQuotaQueries.compute()
      : kind === 'volume'
        ? defaultQuotaQueries.volume()
        : defaultQuotaQueries.network();
  const own = useQuery({ ...projectQuotaQuery(kind, projectId ?? ''), enabled: !!projectId });
  const fallback = useQuery({ ...defaults, enabled: !projectId });
  return projectId ? own : fallback;
}

export interface QuotaDraft {
  /** Loaded kinds only; a service that failed to answer (or is absent) is left out. */
  rows: Partial<Record<QuotaKind, QuotaLimit[]>>;
  loading: boolean;
  values: Record<string, string>;
  setValue: (kind: QuotaKind, name: string, value: string) => void;
  /** Field key → message, for every invalid value. */
  errors: Record<string, string>;
  /** Writes the changed limits of each kind to the project; throws the first refusal. */
  save: (projectId: string) => Promise<void>;
}

const fieldKey = (kind: QuotaKind, name: string): string => `${kind}.${name}`;

/**
 * The Quotas step's state (issue 12): compute, volume and network limits in one place, starting
 * from the defaults for a new project or the project's own limits; only changed ones are sent.
 */
export function useQuotaDraft(projectId?: string): QuotaDraft {
  const { t } = useTranslation();
  const compute = useBaseline('compute', projectId);
  const volume = useBaseline('volume', projectId);
  const network = useBaseline('network', projectId);
  const [values, setValues] = useState<Record<string, string>>({});
  const rows: Partial<Record<QuotaKind, QuotaLimit[]>> = {};
  for (const [kind, query] of [
    ['compute', compute],
    ['volume', volume],
    ['network', network],
  ] as const) {
    if (query.data) rows[kind] = ordered(query.data);
  }
  const valueOf = (kind: QuotaKind, row: QuotaLimit): string =>
    values[fieldKey(kind, row.name)] ?? String(row.limit);
  const errors: Record<string, string> = {};
  for (const [kind, list] of Object.entries(rows) as [QuotaKind, QuotaLimit[]][]) {
    for (const row of list) {
      if (parseQuota(valueOf(kind, row)) === undefined) {
        errors[fieldKey(kind, row.name)] = t(QUOTA_INVALID);
      }
    }
  }
  return {
    rows,
    loading: compute.isPending || volume.isPending || network.isPending,
    values,
    setValue: (kind, name, value) => setValues((v) => ({ ...v, [fieldKey(kind, name)]: value })),
    errors,
    save: async (id) => {
      for (const [kind, list] of Object.entries(rows) as [QuotaKind, QuotaLimit[]][]) {
        const typed = Object.fromEntries(list.map((r) => [r.name, valueOf(kind, r)]));
        const body = changedQuotas(list, typed);
        if (body && Object.keys(body).length > 0) await updateProjectQuotas(kind, id, body);
      }
    },
  };
}

/** The Quotas step: one field per limit, grouped by service; -1 is unlimited. */
export function QuotasStep({ draft }: { draft: QuotaDraft }): ReactNode {
  const { t } = useTranslation();
  if (draft.loading && Object.keys(draft.rows).length === 0) {
    return <Spinner size="lg" aria-label={t('Loading')} />;
  }
  return (
    <>
      <p>{t('Enter a whole number, -1 for unlimited.')}</p>
      {KINDS.filter(({ kind }) => draft.rows[kind]).map(({ kind, title }) => (
        <section key={kind} aria-label={t(title)}>
          <Title headingLevel="h3" size="md" className={u.mtMd}>
            {t(title)}
          </Title>
          <Grid hasGutter md={4}>
            {(draft.rows[kind] ?? []).map((row) => {
              const key = fieldKey(kind, row.name);
              const label = QUOTA_LABELS[row.name];
              return (
                <GridItem key={key}>
                  <TextField
                    id={`quota-${kind}-${row.name}`}
                    label={label ? t(label) : row.name}
                    value={draft.values[key] ?? String(row.limit)}
                    onChange={(value) => draft.setValue(kind, row.name, value)}
                    error={draft.errors[key]}
                  />
                </GridItem>
              );
            })}
          </Grid>
        </section>
      ))}
    </>
  );
}
