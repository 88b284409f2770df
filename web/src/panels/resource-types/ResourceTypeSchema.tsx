import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { CodeBlock, CodeBlockCode, Content, Spinner } from '@patternfly/react-core';
import { templateQueries } from '../../data/heat/stacks';

/** A resource type's description, properties and attributes, as Heat describes them. */
export function ResourceTypeSchemaView({ type }: { type: string }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery(templateQueries.resourceType(type));
  if (!query.data) return <Spinner size="md" aria-label={t('Loading')} />;
  const { description, properties, attributes } = query.data;
  return (
    <>
      {description ? <Content component="p">{description}</Content> : null}
      <Content component="h3">{t('Properties')}</Content>
      <CodeBlock aria-label={t('Properties')}>
        <CodeBlockCode>{JSON.stringify(properties ?? {}, null, 2)}</CodeBlockCode>
      </CodeBlock>
      <Content component="h3">{t('Attributes')}</Content>
      <CodeBlock aria-label={t('Attributes')}>
        <CodeBlockCode>{JSON.stringify(attributes ?? {}, null, 2)}</CodeBlockCode>
      </CodeBlock>
    </>
  );
}
