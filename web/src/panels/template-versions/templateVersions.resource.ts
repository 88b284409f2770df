import { createElement } from 'react';
import { Link } from 'react-router';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { customTab, field, overviewTab } from '../../registry/fields';
import {
  templateQueries,
  type TemplateVersionRow as TemplateVersion,
} from '../../data/heat/stacks';
import { TemplateFunctions } from './TemplateFunctions';

/** Heat's template versions, each with its functions (issue 13). */
export const templateVersions = defineResource<TemplateVersion>({
  key: (v) => v.version,
  label: (v) => v.version,
  list: () => asList(templateQueries.versions()),
  detail: (version) => asDetail(templateQueries.version(version)),
  columns: [
    textColumn<TemplateVersion>('version', msg('Version'), (v) => v.version, {
      priority: 1,
      defaultSort: true,
      cell: (v, ctx) => createElement(Link, { to: ctx.detailsHref }, v.version),
    }),
    textColumn<TemplateVersion>('type', msg('Type'), (v) => v.type, { priority: 1 }),
  ],
  facets: [textFacet('version', msg('Version'), (v) => v.version)],
  details: [
    overviewTab<TemplateVersion>([
      field(msg('Version'), (v) => v.version),
      field(msg('Type'), (v) => v.type),
    ]),
    customTab('functions', msg('Template Functions'), (v) =>
      createElement(TemplateFunctions, { functions: v.functions }),
    ),
  ],
});
