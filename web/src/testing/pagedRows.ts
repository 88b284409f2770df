import { queryOptions } from '@tanstack/react-query';
import { asList, asPage, defineResource } from '../registry/defineResource';
import type { ListPage, PageRequest, ResourceType } from '../registry/types';

type Filters = Record<string, string>;

export interface PagedRowsOptions<Row> {
  /** The whole list's answer; none by default. */
  list?: (filters: Filters, signal: AbortSignal) => Row[] | Promise<Row[]>;
  /** One server page's answer; none by default. */
  page?: (
    filters: Filters,
    page: PageRequest,
    signal: AbortSignal,
  ) => ListPage<Row> | Promise<ListPage<Row>>;
  /** Whatever else the test's declaration has (facets, transitional). */
  extra?: Partial<ResourceType<Row>>;
}

/**
 * The declaration the tests of the table machinery (tableQuery, panelListQuery,
 * useResourceList) share: rows keyed by id that page on the server on admin panels only, the
 * list under ['rows', 'list', filters] and a page under ['rows', 'page', filters, page].
 */
export function adminPagedRows<Row extends { id: string }>(
  options: PagedRowsOptions<Row> = {},
): ResourceType<Row> {
  const { list = () => [], page = () => ({ items: [] }), extra } = options;
  return defineResource<Row>({
    key: (r) => r.id,
    label: (r) => r.id,
    columns: [],
    list: (_scope, filters) =>
      asList(
        queryOptions({
          queryKey: ['rows', 'list', filters],
          queryFn: ({ signal }) => list(filters, signal),
        }),
      ),
    paging: {
      when: (scope) => scope.group === 'admin',
      page: (_scope, filters, request) =>
        asPage(
          queryOptions({
            queryKey: ['rows', 'page', filters, request],
            queryFn: ({ signal }) => page(filters, request, signal),
          }),
        ),
    },
    ...extra,
  });
}
