import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@patternfly/react-core';
import type { TemplateFunction } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';
import { templateQueries } from '../../data/heat/stacks';

const columns: Column<TemplateFunction>[] = [
  textColumn<TemplateFunction>('function', msg('Function'), (f) => f.functions, {
    defaultSort: true,
  }),
  textColumn<TemplateFunction>('description', msg('Description'), (f) => f.description),
];

/** The functions a template version offers. */
export function TemplateFunctions({ version }: { version: string }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery(templateQueries.functions(version));
  if (!query.data) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <ItemTable
      label={t('Template Functions')}
      columns={columns}
      items={query.data}
      rowKey={(f) => f.functions}
    />
  );
}
