import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { CodeBlock, CodeBlockCode, Content, Spinner } from '@patternfly/react-core';
import type { Stack, StackEvent, StackResource } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { labelColumn, textColumn } from '../../registry/columns';
import { formatDateTime } from '../../registry/formatDate';
import type { Column } from '../../registry/types';
import { ItemTable } from '../../ui/ResourceTable/ItemTable';
import { isStackInProgress, stackQueries, type StackRow } from '../../data/heat/stacks';
import { STACK_STATUS_LABELS, stackStatusColor } from './stackStatus';

/** Where the real resource behind a stack resource is shown, when Skydeck has its panel. */
const PANEL_OF: Readonly<Record<string, string>> = {
  'OS::Nova::Server': '/project/instances/',
  'OS::Nova::KeyPair': '/project/key_pairs/',
  'OS::Neutron::Net': '/project/networks/',
  'OS::Neutron::Router': '/project/routers/',
  'OS::Neutron::SecurityGroup': '/project/security_groups/',
  'OS::Cinder::Volume': '/project/volumes/',
  'OS::Glance::WebImage': '/project/images/',
};

export function resourceHref(r: Pick<StackResource, 'resource_type' | 'physical_resource_id'>) {
  const base = PANEL_OF[r.resource_type];
  return base && r.physical_resource_id !== ''
    ? `${base}${encodeURIComponent(r.physical_resource_id)}/`
    : undefined;
}

const resourceColumns: Column<StackResource>[] = [
  textColumn<StackResource>('name', msg('Stack Resource'), (r) => r.resource_name, {
    defaultSort: true,
  }),
  textColumn<StackResource>('physical', msg('Resource'), (r) => r.physical_resource_id, {
    cell: (r) => {
      const href = resourceHref(r);
      return href ? <Link to={href}>{r.physical_resource_id}</Link> : r.physical_resource_id;
    },
  }),
  textColumn<StackResource>('type', msg('Stack Resource Type'), (r) => r.resource_type),
  textColumn<StackResource>('updated', msg('Date Updated'), (r) => r.updated_time, {
    cell: (r) => formatDateTime(r.updated_time ?? undefined),
  }),
  labelColumn<StackResource>('status', msg('Status'), (r) => r.resource_status, {
    inProgress: (r) => isStackInProgress(r.resource_status),
    labels: STACK_STATUS_LABELS,
    color: stackStatusColor,
  }),
  textColumn<StackResource>('reason', msg('Status Reason'), (r) => r.resource_status_reason),
];

const eventColumns: Column<StackEvent>[] = [
  textColumn<StackEvent>('name', msg('Stack Resource'), (e) => e.resource_name),
  textColumn<StackEvent>('physical', msg('Resource'), (e) => e.physical_resource_id),
  textColumn<StackEvent>('time', msg('Time Since Event'), (e) => e.event_time, {
    defaultSort: 'desc',
    cell: (e) => formatDateTime(e.event_time),
  }),
  labelColumn<StackEvent>('status', msg('Status'), (e) => e.resource_status, {
    labels: STACK_STATUS_LABELS,
    color: stackStatusColor,
  }),
  textColumn<StackEvent>('reason', msg('Status Reason'), (e) => e.resource_status_reason),
];

/** Re-read while the stack works, so the tabs follow it like the topology does. */
const pollWhile = (stack: Stack) => (isStackInProgress(stack.stack_status) ? 3_000 : false);

export function StackResourcesTab({ stack }: { stack: Stack }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery({
    ...stackQueries.resources(stack.id),
    refetchInterval: pollWhile(stack),
  });
  if (!query.data) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <ItemTable
      label={t('Resources')}
      columns={resourceColumns}
      items={query.data}
      rowKey={(r) => `${r.parent_resource ?? ''}/${r.resource_name}`}
    />
  );
}

export function StackEventsTab({ stack }: { stack: Stack }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery({ ...stackQueries.events(stack.id), refetchInterval: pollWhile(stack) });
  if (!query.data) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <ItemTable label={t('Events')} columns={eventColumns} items={query.data} rowKey={(e) => e.id} />
  );
}

export function StackTemplateTab({ stack }: { stack: Stack }): ReactNode {
  const { t } = useTranslation();
  const query = useQuery(stackQueries.template(stack.id));
  if (query.data === undefined) return <Spinner size="md" aria-label={t('Loading')} />;
  return (
    <CodeBlock aria-label={t('Template')}>
      <CodeBlockCode>{JSON.stringify(query.data, null, 2)}</CodeBlockCode>
    </CodeBlock>
  );
}

const show = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2);

export function StackOutputs({ stack }: { stack: StackRow }): ReactNode {
  const { t } = useTranslation();
  if (!stack.outputs || stack.outputs.length === 0) return t(msg('None'));
  return (
    <Content component="dl">
      {stack.outputs.map((o) => (
        <div key={o.output_key}>
          <Content component="dt">{o.output_key}</Content>
          <Content component="dd">
            {o.description ? <div>{o.description}</div> : null}
            <pre>{o.output_error ?? show(o.output_value)}</pre>
          </Content>
        </div>
      ))}
    </Content>
  );
}

export function StackParameters({ stack }: { stack: StackRow }): ReactNode {
  const { t } = useTranslation();
  const entries = Object.entries(stack.parameters ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return t(msg('None'));
  return (
    <Content component="ul" isPlainList>
      {entries.map(([k, v]) => (
        <Content component="li" key={k}>
          <code>{k}</code> = <code>{show(v)}</code>
        </Content>
      ))}
    </Content>
  );
}
