import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';
import type { Json } from './http';

/** Heat's actions and statuses: a stack or resource is in `<action>_<status>`. */
export type HeatAction =
  'INIT' | 'CREATE' | 'DELETE' | 'UPDATE' | 'ROLLBACK' | 'SUSPEND' | 'RESUME' | 'CHECK';
export type HeatStatus = 'IN_PROGRESS' | 'COMPLETE' | 'FAILED';

export interface StackDoc {
  readonly id: string;
  name: string;
  readonly project_id: string;
  readonly user_id: string;
  readonly username: string;
  action: HeatAction;
  status: HeatStatus;
  status_reason: string;
  template: Json;
  /** The caller's parameter values (environment's merged in), not yet defaulted. */
  params: Json;
  environment: Json;
  files: Record<string, string>;
  timeout_mins: number | null;
  disable_rollback: boolean;
  tags: string[] | null;
  readonly created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  readonly stack_user_project_id: string;
  readonly parent: string | null;
}

export interface ResourceDoc {
  /** `<stack id>/<resource name>`. */
  readonly id: string;
  readonly uuid: string;
  readonly stack_id: string;
  readonly name: string;
  type: string;
  action: HeatAction;
  status: HeatStatus;
  status_reason: string;
  physical_resource_id: string;
  /** Names of the resources this one depends on. */
  requires: string[];
  /** Resolved properties as created. */
  properties: Json;
  attributes: Json;
  metadata: Json;
  /** Adopted through `external_id`: the stack never deletes it. */
  external?: boolean;
  /** Creation order, for ordered deletion. */
  created_seq: number;
  readonly created_at: string;
  updated_at: string | null;
}

export interface EventDoc {
  readonly id: string;
  readonly seq: number;
  readonly stack_id: string;
  readonly resource_name: string;
  readonly logical_resource_id: string;
  readonly physical_resource_id: string;
  readonly resource_type: string;
  readonly resource_action: string;
  readonly resource_status: string;
  readonly resource_status_reason: string;
  readonly event_time: string;
  readonly resource_properties: Json;
}

export const stacks = defineCollection<StackDoc>('heat_stacks', {
  project_id: (s) => s.project_id,
  name: (s) => s.name,
});

export const stackResources = defineCollection<ResourceDoc>('heat_resources', {
  stack_id: (r) => r.stack_id,
  physical_resource_id: (r) => r.physical_resource_id || null,
});

export const stackEvents = defineCollection<EventDoc>('heat_events', {
  stack_id: (e) => e.stack_id,
});

export const heatMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      createCollectionTable(db, stacks);
      createCollectionTable(db, stackResources);
      createCollectionTable(db, stackEvents);
    },
  },
];
