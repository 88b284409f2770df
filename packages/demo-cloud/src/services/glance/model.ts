import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';

export type ImageStatus =
  | 'queued'
  | 'saving'
  | 'active'
  | 'killed'
  | 'deleted'
  | 'uploading'
  | 'importing'
  | 'pending_delete'
  | 'deactivated';

export type Visibility = 'public' | 'private' | 'shared' | 'community';

/** Image data as kept by the store: the file and what was computed while writing it. */
export interface ImageData {
  /** The store id (`fs`); images with data have exactly one location. */
  readonly store: string;
  readonly size: number;
}

export interface StagedData {
  readonly size: number;
  readonly checksum: string;
  readonly os_hash_value: string;
  readonly virtual_size: number | null;
}

export interface ImageDoc {
  readonly id: string;
  name: string | null;
  status: ImageStatus;
  visibility: Visibility;
  protected: boolean;
  os_hidden: boolean;
  owner: string | null;
  disk_format: string | null;
  container_format: string | null;
  min_disk: number;
  min_ram: number;
  size: number | null;
  virtual_size: number | null;
  checksum: string | null;
  os_hash_algo: string | null;
  os_hash_value: string | null;
  /** Extra properties, insertion-ordered; values are strings (v2 schema) or null (from v1-era data). */
  properties: Record<string, string | null>;
  tags: string[];
  /** The stored file under `<dataDir>/images/<id>`, when the image has data. */
  location: ImageData | null;
  /** Data staged for a glance-direct import, under `<dataDir>/images/staging/<id>`. */
  staged: StagedData | null;
  readonly created_at: string;
  updated_at: string;
  deleted: boolean;
  deleted_at: string | null;
}

export type MemberStatus = 'pending' | 'accepted' | 'rejected';

export interface MemberDoc {
  /** `<image_id>:<member_id>`. */
  readonly id: string;
  readonly image_id: string;
  readonly member_id: string;
  status: MemberStatus;
  readonly created_at: string;
  updated_at: string;
}

export type TaskStatus = 'pending' | 'processing' | 'success' | 'failure';

export interface TaskDoc {
  readonly id: string;
  readonly type: 'api_image_import';
  status: TaskStatus;
  readonly owner: string | null;
  readonly image_id: string;
  readonly user_id: string;
  readonly request_id: string;
  readonly input: Record<string, unknown>;
  result: Record<string, unknown> | null;
  message: string;
  expires_at: string | null;
  readonly created_at: string;
  updated_at: string;
}

/** A metadata definition property (a JSON-schema fragment with a title). */
export type MetadefProperty = Record<string, unknown>;

export interface MetadefObjectDef {
  readonly name: string;
  readonly description?: string;
  readonly required?: string[];
  readonly properties: Record<string, MetadefProperty>;
  readonly created_at: string;
  readonly updated_at: string | null;
}

export interface ResourceTypeAssociation {
  readonly name: string;
  readonly prefix?: string;
  readonly properties_target?: string;
  readonly created_at: string;
  readonly updated_at: string | null;
}

export interface NamespaceDoc {
  /** The namespace name, e.g. `OS::Compute::Libvirt`. */
  readonly id: string;
  readonly display_name?: string;
  readonly description?: string;
  readonly visibility: 'public' | 'private';
  readonly protected: boolean;
  readonly owner: string;
  readonly properties: Record<string, MetadefProperty>;
  readonly objects: MetadefObjectDef[];
  readonly resource_type_associations: ResourceTypeAssociation[];
  readonly tags: Array<{ readonly name: string; readonly created_at: string }>;
  readonly created_at: string;
  readonly updated_at: string | null;
}

export interface ResourceTypeDoc {
  /** The resource type name, e.g. `OS::Glance::Image`. */
  readonly id: string;
  readonly protected: boolean;
  readonly created_at: string;
  readonly updated_at: string | null;
}

export const images = defineCollection<ImageDoc>('glance_images', {
  owner: (i) => i.owner,
  visibility: (i) => i.visibility,
  status: (i) => i.status,
});
export const members = defineCollection<MemberDoc>('glance_members', {
  image_id: (m) => m.image_id,
  member_id: (m) => m.member_id,
});
export const tasks = defineCollection<TaskDoc>('glance_tasks', { image_id: (t) => t.image_id });
export const namespaces = defineCollection<NamespaceDoc>('glance_metadef_namespaces', {
  visibility: (n) => n.visibility,
});
export const resourceTypes = defineCollection<ResourceTypeDoc>('glance_metadef_resource_types');

export const memberKey = (imageId: string, memberId: string): string => `${imageId}:${memberId}`;

export const glanceMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [images, members, tasks, namespaces, resourceTypes]) {
        createCollectionTable(db, def);
      }
    },
  },
];
