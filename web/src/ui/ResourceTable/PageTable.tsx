import type { ReactNode } from 'react';
import {
  pageTableScope,
  type PanelDecl,
  type ResourceType,
  type TypeNames,
} from '../../registry/types';
import { ResourceTable } from './ResourceTable';

export interface PageTableProps<T> {
  /** The page panel the table stands on: its details links come back here. */
  panel: PanelDecl;
  resource: ResourceType<T>;
  /** The rows' type code, not a manifest entry's (e.g. OS::Nova::Service). */
  type: string;
  names: TypeNames;
}

/**
 * A table of another type on a page panel (a tab of Hypervisors or System Information, the QoS
 * specs under the volume types): every such page scopes it the same way (pageTableScope).
 */
export function PageTable<T>({ panel, resource, type, names }: PageTableProps<T>): ReactNode {
  return <ResourceTable resource={resource} scope={pageTableScope(panel, type, names)} />;
}
