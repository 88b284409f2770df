import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Spinner } from '@patternfly/react-core';
import type { TemplateFunction } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';

const columns: Column<TemplateFunction>[] = [
  textColumn<TemplateFunction>('function', msg('Function'), (f) => f.functions, {
    defaultSort: true,
  }),
  textColumn<TemplateFunction>('description', msg('Description'), (f) => f.description),
];

/** The functions a template version offers. */
export function TemplateFunctions({
  functions,
}: {
  functions: TemplateFunction[] | undefined;
}): ReactNode {
  const { t } = useTranslation();
  if (!functions) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <ItemTable
      label={t('Template Functions')}
      columns={columns}
      items={functions}
      rowKey={(f) => f.functions}
    />
  );
}
