import { createElement } from 'react';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { customTab, field, overviewTab } from '../../registry/fields';
import { templateQueries, type ResourceTypeRow as ResourceType } from '../../data/heat/stacks';
import { Link } from 'react-router';
import { ResourceTypeSchemaView } from './ResourceTypeSchema';

/** Heat's resource types, each with its properties and attributes schema (issue 13). */
export const resourceTypes = defineResource<ResourceType>({
  key: (r) => r.resource_type,
  label: (r) => r.resource_type,
  list: () => asList(templateQueries.resourceTypes()),
  detail: (type) => asDetail(templateQueries.resourceType(type)),
  columns: [
    textColumn<ResourceType>('type', msg('Type'), (r) => r.resource_type, {
      priority: 1,
      defaultSort: true,
      cell: (r, ctx) => createElement(Link, { to: ctx.detailsHref }, r.resource_type),
    }),
  ],
  facets: [textFacet('type', msg('Type'), (r) => r.resource_type)],
  details: [
    overviewTab<ResourceType>([field(msg('Type'), (r) => r.resource_type)]),
    customTab('schema', msg('Schema'), (r) =>
      createElement(ResourceTypeSchemaView, { type: r.resource_type }),
    ),
  ],
});
