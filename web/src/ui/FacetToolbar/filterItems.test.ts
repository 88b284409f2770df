import { describe, expect, it } from 'vitest';
import { msg } from '../../i18n/msg';
import { booleanColumn, textColumn } from '../../registry/columns';
import { booleanFacet, numberFacet, textFacet } from '../../registry/facets';
import { filterItems } from './filterItems';
import { serverFilters } from './useFacetParams';

interface Row {
  name: string;
  vcpus: number;
  shared: boolean;
}

const rows: Row[] = [
  { name: 'Web', vcpus: 2, shared: true },
  { name: 'db', vcpus: 12, shared: false },
  { name: 'web-2', vcpus: 4, shared: false },
];
const facets = [
  textFacet<Row>('name', msg('Name'), (r) => r.name),
  numberFacet<Row>('vcpus', msg('VCPUs'), (r) => r.vcpus),
  booleanFacet<Row>('shared', msg('Shared'), (r) => r.shared),
];
const columns = [
  textColumn<Row>('name', msg('Name'), (r) => r.name),
  booleanColumn<Row>('shared', msg('Shared'), (r) => r.shared),
];
const names = (list: Row[]): string[] => list.map((r) => r.name);

describe('filterItems', () => {
  it('matches text case-insensitively and numbers whole', () => {
    expect(
      names(filterItems(rows, facets, [{ facet: 'name', value: 'WEB' }], '', columns)),
    ).toEqual(['Web', 'web-2']);
    expect(names(filterItems(rows, facets, [{ facet: 'vcpus', value: '2' }], '', columns))).toEqual(
      ['Web'],
    );
  });

  it('ORs chips of one facet and ANDs facets', () => {
    const chips = [
      { facet: 'vcpus', value: '2' },
      { facet: 'vcpus', value: '12' },
      { facet: 'shared', value: 'false' },
    ];
    expect(names(filterItems(rows, facets, chips, '', columns))).toEqual(['db']);
  });

  it('searches the shown text of the columns', () => {
    expect(names(filterItems(rows, facets, [], 'yes', columns))).toEqual(['Web']);
    expect(names(filterItems(rows, facets, [], 'DB', columns))).toEqual(['db']);
  });

  it('leaves server facets to the list call', () => {
    const server = [{ id: 'status', label: msg('Status'), server: true, singleton: true }];
    expect(serverFilters(server, [{ facet: 'status', value: 'active' }])).toEqual({
      status: 'active',
    });
    expect(serverFilters(facets, [{ facet: 'name', value: 'x' }])).toEqual({});
  });
});
