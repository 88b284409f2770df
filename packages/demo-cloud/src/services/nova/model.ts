import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration, Store } from '../../store/store';

export interface FlavorDoc {
  /** Nova's `flavorid` (the API id), a string. */
  readonly id: string;
  name: string;
  vcpus: number;
  /** MiB. */
  ram: number;
  /** Root disk, GiB. */
  disk: number;
  ephemeral: number;
  /** MiB; 0 means none. */
  swap: number;
  rxtx_factor: number;
  is_public: boolean;
  disabled: boolean;
  description: string | null;
  extra_specs: Record<string, string>;
  /** Projects granted access to a private flavor. */
  projects: string[];
  readonly created_at: string;
}

export interface KeypairDoc {
  /** `<user_id>/<name>`: key pairs belong to a user, names are unique per user. */
  readonly id: string;
  readonly name: string;
  readonly user_id: string;
  readonly type: 'ssh' | 'x509';
  readonly public_key: string;
  readonly fingerprint: string;
  /** Nova's integer key pair id, shown by GET /os-keypairs/{name}. */
  readonly keypair_id: number;
  readonly created_at: string;
}

export interface ServerGroupDoc {
  readonly id: string;
  readonly name: string;
  readonly project_id: string;
  readonly user_id: string;
  readonly policy: string;
  readonly rules: Record<string, number>;
  members: string[];
  readonly created_at: string;
}

export const keypairKey = (userId: string, name: string): string => `${userId}/${name}`;

export const flavors = defineCollection<FlavorDoc>('nova_flavors', { name: (f) => f.name });
export const keypairs = defineCollection<KeypairDoc>('nova_keypairs', {
  user_id: (k) => k.user_id,
});
export const serverGroups = defineCollection<ServerGroupDoc>('nova_server_groups', {
  project_id: (g) => g.project_id,
});

/** The flavor as it was when a server booted or resized (nova keeps a copy in the instance). */
export interface ServerFlavor {
  readonly id: string;
  readonly name: string;
  readonly vcpus: number;
  readonly ram: number;
  readonly disk: number;
  readonly ephemeral: number;
  readonly swap: number;
  readonly extra_specs: Record<string, string>;
}

/** One block device mapping of a server (nova's BDM), also the record of an attached volume. */
export interface BlockDevice {
  /** The BDM uuid (2.89's `bdm_uuid`). */
  readonly uuid: string;
  readonly source_type: 'image' | 'volume' | 'snapshot' | 'blank';
  readonly destination_type: 'local' | 'volume';
  /** Volume id for volume destinations once known. */
  volume_id: string | null;
  /** Image or snapshot the device was built from. */
  readonly source_id: string | null;
  readonly boot_index: number | null;
  readonly device_name: string;
  delete_on_termination: boolean;
  readonly volume_size: number | null;
  readonly tag: string | null;
  /** The Cinder attachment id (2.89's `attachment_id`) once attached. */
  attachment_id: string | null;
}

export interface ServerFault {
  readonly code: number;
  readonly message: string;
  readonly details: string;
  readonly created: string;
}

/** A server's cached network information (nova's info cache), refreshed from Neutron. */
export interface ServerAddress {
  readonly network: string;
  readonly addr: string;
  readonly version: 4 | 6;
  readonly type: 'fixed' | 'floating';
  readonly mac: string;
  readonly port_id: string;
}

export interface ServerDoc {
  readonly id: string;
  name: string;
  readonly project_id: string;
  readonly user_id: string;
  readonly created_at: string;
  updated_at: string;
  launched_at: string | null;
  terminated_at: string | null;
  /** Deleted servers stay as rows (nova soft-deletes): usage and admin listings still see them. */
  deleted: boolean;
  deleted_at: string | null;
  vm_state: string;
  task_state: string | null;
  power_state: number;
  flavor: ServerFlavor;
  /** The flavor before a resize, until it is confirmed or reverted. */
  old_flavor: ServerFlavor | null;
  /** vm_state to return to after a resize or rescue. */
  prior_vm_state: string | null;
  /** '' for a server booted from a volume. */
  image_id: string;
  key_name: string | null;
  key_data: string | null;
  metadata: Record<string, string>;
  tags: string[];
  description: string | null;
  locked: boolean;
  locked_reason: string | null;
  locked_by: 'owner' | 'admin' | null;
  availability_zone: string | null;
  host: string | null;
  readonly instance_name: string;
  readonly reservation_id: string;
  readonly launch_index: number;
  hostname: string;
  readonly config_drive: boolean;
  readonly user_data: string | null;
  access_ipv4: string;
  access_ipv6: string;
  disk_config: 'AUTO' | 'MANUAL';
  /** Security group names, as the server view lists them. */
  security_groups: string[];
  addresses: ServerAddress[];
  /** Set when Neutron says the ports changed; the next read refreshes `addresses`. */
  addresses_stale: boolean;
  fault: ServerFault | null;
  /** The encrypted admin password the guest posted (os-server-password); '' when none. */
  password: string;
  progress: number;
  block_devices: BlockDevice[];
  readonly server_group_id: string | null;
  readonly trusted_image_certificates: string[] | null;
  /** When the guest last started booting (console output grows from there). */
  booted_at: string | null;
}

export interface InstanceActionEvent {
  readonly event: string;
  readonly start_time: string;
  finish_time: string | null;
  result: 'Success' | 'Error' | null;
  traceback: string | null;
  readonly host: string | null;
  details: string | null;
}

export interface InstanceActionDoc {
  readonly id: string;
  readonly server_id: string;
  readonly action: string;
  readonly request_id: string;
  readonly user_id: string;
  readonly project_id: string;
  readonly start_time: string;
  updated_at: string;
  message: string | null;
  events: InstanceActionEvent[];
}

export interface AggregateDoc {
  /** Nova's integer aggregate id, as a string key. */
  readonly id: string;
  readonly uuid: string;
  name: string;
  availability_zone: string | null;
  hosts: string[];
  metadata: Record<string, string>;
  readonly created_at: string;
  updated_at: string | null;
}

/** Quota overrides: `<project>` or `<project>/<user>`; class overrides keyed `class:<name>`. */
export interface QuotaDoc {
  readonly id: string;
  readonly project_id: string | null;
  readonly user_id: string | null;
  limits: Record<string, number>;
}

export interface ConsoleTokenDoc {
  readonly id: string;
  readonly server_id: string;
  readonly expires_at: string;
}

export const servers = defineCollection<ServerDoc>('nova_servers', {
  project_id: (s) => s.project_id,
  deleted: (s) => (s.deleted ? 1 : 0),
  host: (s) => s.host,
  reservation_id: (s) => s.reservation_id,
  // Nova's default order (created_at, then id): lists read a page from an index (migration 3).
  created_at: (s) => s.created_at,
});
export const instanceActions = defineCollection<InstanceActionDoc>('nova_instance_actions', {
  server_id: (a) => a.server_id,
  request_id: (a) => a.request_id,
});
export const aggregates = defineCollection<AggregateDoc>('nova_aggregates', {
  name: (a) => a.name,
  uuid: (a) => a.uuid,
});
export const quotas = defineCollection<QuotaDoc>('nova_quotas', {
  project_id: (q) => q.project_id,
});
export const consoleTokens = defineCollection<ConsoleTokenDoc>('nova_console_tokens', {
  server_id: (t) => t.server_id,
});

export const novaMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [flavors, keypairs, serverGroups]) createCollectionTable(db, def);
    },
  },
  {
    version: 2,
    up: (db) => {
      // The servers' columns as they were at version 2; later ones come from their migration.
      createCollectionTable(db, {
        table: servers.table,
        indexes: { project_id: 0, deleted: 0, host: 0, reservation_id: 0 },
      });
      for (const def of [instanceActions, aggregates, quotas, consoleTokens]) {
        createCollectionTable(db, def);
      }
    },
  },
  {
    // A page of servers in Nova's default order is a range of one index, as in Nova's own
    // database, not a read and sort of every server of the project.
    version: 3,
    up: (db) => {
      db.exec('ALTER TABLE nova_servers ADD COLUMN created_at');
      db.exec("UPDATE nova_servers SET created_at = json_extract(doc, '$.created_at')");
      db.exec('CREATE INDEX IF NOT EXISTS nova_servers_created_at ON nova_servers (created_at)');
      db.exec(
        'CREATE INDEX IF NOT EXISTS nova_servers_live_order ON nova_servers (deleted, created_at, id)',
      );
      db.exec(
        'CREATE INDEX IF NOT EXISTS nova_servers_project_order ON nova_servers (project_id, deleted, created_at, id)',
      );
    },
  },
];

/** Hook for the servers resource: put a server into a group (after the scheduler placed it). */
export const addServerGroupMember = (store: Store, groupId: string, serverId: string): void => {
  store.collection(serverGroups).update(groupId, (g) => ({
    ...g,
    members: g.members.includes(serverId) ? g.members : [...g.members, serverId],
  }));
};

/** Hook for the servers resource: a deleted server leaves every group it was in. */
export const removeServerGroupMember = (store: Store, serverId: string): void => {
  const col = store.collection(serverGroups);
  for (const group of col.all()) {
    if (group.members.includes(serverId)) {
      col.put({ ...group, members: group.members.filter((m) => m !== serverId) });
    }
  }
};
