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

export const novaMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [flavors, keypairs, serverGroups]) createCollectionTable(db, def);
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
