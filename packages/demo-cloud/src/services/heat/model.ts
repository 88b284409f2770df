import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';
import type { Json } from './http';

/** Heat's actions and statuses: a stack or resource is in `<action>_<status>`. */
export type HeatAction =
  | 'INIT'
  | 'CREATE'
  | 'DELETE'
  | 'UPDATE'
  | 'ROLLBACK'
  | 'SUSPEND'
  | 'RESUME'
  | 'CHECK'
  | 'ADOPT'
  | 'SNAPSHOT';
export type HeatStatus = 'IN_PROGRESS' | 'COMPLETE' | 'FAILED';

/** A stack's template and inputs as of one create or update (kept to roll an update back). */
export interface StackDefinition {
  readonly template: Json;
  readonly params: Json;
  readonly environment: Json;
  readonly files: Record<string, string>;
}

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
  /** The caller's parameter values (`parameters`, then the environment's), not yet defaulted. */
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
  /** The parent stack of a nested stack (OS::Heat::ResourceGroup ...). */
  readonly parent: string | null;
  /** The parent's resource this nested stack implements. */
  readonly parent_resource?: string | null;
  /** The create, update or rollback pass under way: resources it finished carry its id. */
  traversal?: string;
  /** What the stack was before the running update, for a rollback. */
  previous?: StackDefinition | null;
}

/** A physical resource a replacement left behind, deleted when the update ends. */
export interface ReplacedResource {
  readonly physical_resource_id: string;
  readonly physical_name: string;
  readonly properties: Json;
  readonly attributes: Json;
}

export interface ResourceDoc {
  /** `<stack id>/<resource name>`. */
  readonly id: string;
  uuid: string;
  readonly stack_id: string;
  readonly name: string;
  type: string;
  action: HeatAction;
  status: HeatStatus;
  status_reason: string;
  physical_resource_id: string;
  /** heat's physical_resource_name, shown by events before the resource has an id. */
  physical_name?: string;
  /** Names of the resources this one depends on. */
  requires: string[];
  /** Resolved properties as created or last updated. */
  properties: Json;
  attributes: Json;
  metadata: Json;
  /** Adopted through `external_id`: the stack never deletes it. */
  external?: boolean;
  /** deletion_policy Retain: left in place when the stack deletes it. */
  retain?: boolean;
  /** Creation order, for ordered deletion. */
  created_seq: number;
  created_at: string;
  updated_at: string | null;
  /** The traversal (StackDoc.traversal) that last completed this resource. */
  traversal?: string;
  replaced?: ReplacedResource[];
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
  parent: (s) => s.parent,
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
      createCollectionTable(db, { table: stacks.table, indexes: { project_id: 0, name: 0 } });
      createCollectionTable(db, stackResources);
      createCollectionTable(db, stackEvents);
    },
  },
  {
    // Nested stacks: children are found by their parent.
    version: 2,
    up: (db) => {
      db.exec('ALTER TABLE heat_stacks ADD COLUMN parent');
      db.exec("UPDATE heat_stacks SET parent = json_extract(doc, '$.parent')");
      db.exec('CREATE INDEX IF NOT EXISTS heat_stacks_parent ON heat_stacks (parent)');
    },
  },
];
