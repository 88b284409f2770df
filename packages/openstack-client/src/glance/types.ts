/**
 * Glance (image v2) JSON as the service sends it. Extra ("custom") properties sit at the top level
 * of an image beside the core attributes, so an image is an open record.
 */

export type ImageStatus =
  | 'queued'
  | 'saving'
  | 'uploading'
  | 'importing'
  | 'active'
  | 'killed'
  | 'deleted'
  | 'pending_delete'
  | 'deactivated';

export type ImageVisibility = 'public' | 'private' | 'shared' | 'community';

export interface GlanceImage {
  id: string;
  name: string | null;
  status: ImageStatus;
  visibility: ImageVisibility;
  protected: boolean;
  /** 2.7 (Rocky) */
  os_hidden?: boolean;
  owner: string | null;
  disk_format: string | null;
  container_format: string | null;
  size: number | null;
  virtual_size: number | null;
  min_disk: number;
  min_ram: number;
  checksum: string | null;
  os_hash_algo?: string | null;
  os_hash_value?: string | null;
  created_at: string;
  updated_at: string;
  tags: string[];
  self: string;
  file: string;
  schema: string;
  /** With show_multiple_locations only. */
  locations?: Array<{ url: string; metadata: Record<string, unknown> }>;
  /** With show_image_direct_url only. */
  direct_url?: string;
  /** Multi-store: comma-separated store ids holding the data. */
  stores?: string;
  /** Extra properties: strings in practice (the schema allows any JSON for some). */
  [property: string]: unknown;
}

/** POST /v2/images: core attributes plus any extra properties (string values). */
export interface GlanceImageCreate {
  id?: string;
  name?: string | null;
  visibility?: ImageVisibility;
  protected?: boolean;
  os_hidden?: boolean;
  owner?: string | null;
  disk_format?: string | null;
  container_format?: string | null;
  min_disk?: number;
  min_ram?: number;
  tags?: string[];
  [property: string]: unknown;
}

export interface ImagesResponse {
  images: GlanceImage[];
  first: string;
  next?: string;
  schema: string;
}

export type JsonPatchOperation =
  { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

export type ImageImportMethod = 'glance-direct' | 'web-download' | 'copy-image' | 'glance-download';

export interface ImageImportRequest {
  method: { name: ImageImportMethod; uri?: string; [key: string]: unknown };
  stores?: string[];
  all_stores?: boolean;
  all_stores_must_succeed?: boolean;
}

export type MemberStatus = 'pending' | 'accepted' | 'rejected';

export interface ImageMember {
  image_id: string;
  member_id: string;
  status: MemberStatus;
  created_at: string;
  updated_at: string;
  schema: string;
}

export interface ImageMembersResponse {
  members: ImageMember[];
  schema: string;
}

/** One entry of Glance's version document (`GET /` answers 300 with the list). */
export interface GlanceVersion {
  id: string;
  status: string;
  links: Array<{ rel: string; href: string }>;
}

export interface GlanceVersionsResponse {
  versions: GlanceVersion[];
}

/** A metadata definition property: a JSON-schema fragment with a title. */
export interface MetadefProperty {
  title?: string;
  description?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | null;
  default?: unknown;
  readonly?: boolean;
  operators?: string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: { type?: string; enum?: unknown[] };
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  additionalItems?: boolean;
  [key: string]: unknown;
}

export interface MetadefObject {
  name: string;
  description?: string;
  required?: string[];
  properties?: Record<string, MetadefProperty>;
  created_at?: string;
  updated_at?: string;
  schema?: string;
}

export interface MetadefResourceTypeAssociation {
  name: string;
  prefix?: string;
  properties_target?: string;
  created_at?: string;
  updated_at?: string;
}

export interface MetadefNamespace {
  namespace: string;
  display_name?: string;
  description?: string;
  visibility: 'public' | 'private';
  protected: boolean;
  owner: string;
  resource_type_associations?: MetadefResourceTypeAssociation[];
  /** Only on GET of one namespace. */
  properties?: Record<string, MetadefProperty>;
  /** Only on GET of one namespace. */
  objects?: MetadefObject[];
  tags?: Array<{ name: string }>;
  created_at?: string;
  updated_at?: string;
  self?: string;
  schema?: string;
}

export interface MetadefNamespacesResponse {
  namespaces: MetadefNamespace[];
  first?: string;
  next?: string;
  schema?: string;
}

export interface MetadefResourceType {
  name: string;
  created_at?: string;
  updated_at?: string;
}

export interface MetadefResourceTypesResponse {
  resource_types: MetadefResourceType[];
}

/** GET /v2/info/import */
export interface ImportInfo {
  'import-methods': { description: string; type: string; value: string[] };
}

/** GET /v2/info/stores */
export interface StoresInfo {
  stores: Array<{ id: string; description?: string; default?: boolean; read_only?: boolean }>;
}
