import type { Shape } from './shape';

/** A Keystone project as lists and shows answer it. */
export const PROJECT_SHAPE: Shape = {
  id: 'string',
  name: 'string',
  domain_id: 'string',
  enabled: 'boolean',
  is_domain: 'boolean',
  parent_id: 'string|null',
  description: 'string',
  tags: ['string'],
  options: 'object',
  links: { self: 'string' },
};

/** A Glance image's core attributes (extra properties come on top). */
export const IMAGE_SHAPE: Shape = {
  id: 'string',
  name: 'string|null',
  status: 'string',
  visibility: 'string',
  protected: 'boolean',
  os_hidden: 'boolean',
  owner: 'string|null',
  tags: ['string'],
  size: 'integer|null',
  virtual_size: 'integer|null',
  checksum: 'string|null',
  os_hash_algo: 'string|null',
  os_hash_value: 'string|null',
  min_disk: 'integer',
  min_ram: 'integer',
  disk_format: 'string|null',
  container_format: 'string|null',
  created_at: 'string',
  updated_at: 'string',
  self: 'string',
  file: 'string',
  schema: 'string',
};
