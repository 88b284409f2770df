import { badRequest, pyRepr } from './http';
import type { GlanceFault, Json } from './http';

/** glance's `[image_format] disk_formats` and `container_formats` defaults. */
export const DISK_FORMATS = [
  'ami',
  'ari',
  'aki',
  'vhd',
  'vhdx',
  'vmdk',
  'raw',
  'qcow2',
  'vdi',
  'iso',
  'ploop',
] as const;
export const CONTAINER_FORMATS = [
  'ami',
  'ari',
  'aki',
  'bare',
  'ovf',
  'ova',
  'docker',
  'compressed',
] as const;

export const STATUSES = [
  'queued',
  'saving',
  'active',
  'killed',
  'deleted',
  'uploading',
  'importing',
  'pending_delete',
  'deactivated',
] as const;

const UUID_PATTERN =
  '^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$';

/** The base image properties of glance's v2 image schema. */
const baseProperties = (): Json => ({
  id: { type: 'string', description: 'An identifier for the image', pattern: UUID_PATTERN },
  name: {
    type: ['null', 'string'],
    description: 'Descriptive name for the image',
    maxLength: 255,
  },
  status: {
    type: 'string',
    readOnly: true,
    description: 'Status of the image',
    enum: [...STATUSES],
  },
  visibility: {
    type: 'string',
    description: 'Scope of image accessibility',
    enum: ['community', 'public', 'private', 'shared'],
  },
  protected: { type: 'boolean', description: 'If true, image will not be deletable.' },
  os_hidden: {
    type: 'boolean',
    description: 'If true, image will not appear in default image list response.',
  },
  checksum: {
    type: ['null', 'string'],
    readOnly: true,
    description: 'md5 hash of image contents.',
    maxLength: 32,
  },
  os_hash_algo: {
    type: ['null', 'string'],
    readOnly: true,
    description: 'Algorithm to calculate the os_hash_value',
    maxLength: 64,
  },
  os_hash_value: {
    type: ['null', 'string'],
    readOnly: true,
    description:
      'Hexdigest of the image contents using the algorithm specified by the os_hash_algo',
    maxLength: 128,
  },
  owner: { type: ['null', 'string'], description: 'Owner of the image', maxLength: 255 },
  size: { type: ['null', 'integer'], readOnly: true, description: 'Size of image file in bytes' },
  virtual_size: {
    type: ['null', 'integer'],
    readOnly: true,
    description: 'Virtual size of image in bytes',
  },
  container_format: {
    type: ['null', 'string'],
    description: 'Format of the container',
    enum: [null, ...CONTAINER_FORMATS],
  },
  disk_format: {
    type: ['null', 'string'],
    description: 'Format of the disk',
    enum: [null, ...DISK_FORMATS],
  },
  created_at: {
    type: 'string',
    readOnly: true,
    description: 'Date and time of image registration',
  },
  updated_at: {
    type: 'string',
    readOnly: true,
    description: 'Date and time of the last image modification',
  },
  tags: {
    type: 'array',
    description: 'List of strings related to the image',
    items: { type: 'string', maxLength: 255 },
  },
  direct_url: {
    type: 'string',
    readOnly: true,
    description: 'URL to access the image file kept in external store',
  },
  min_ram: { type: 'integer', description: 'Amount of ram (in MB) required to boot image.' },
  min_disk: {
    type: 'integer',
    description: 'Amount of disk space (in GB) required to boot image.',
  },
  self: { type: 'string', readOnly: true, description: 'An image self url' },
  file: { type: 'string', readOnly: true, description: 'An image file url' },
  stores: {
    type: 'string',
    readOnly: true,
    description:
      'Store in which image data resides.  Only present when the operator has enabled multiple stores.  May be a comma-separated list of store identifiers.',
  },
  schema: { type: 'string', readOnly: true, description: 'An image schema url' },
  locations: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        url: { type: 'string', maxLength: 255 },
        metadata: { type: 'object' },
        validation_data: {
          description:
            "Values to be used to populate the corresponding image properties. If the image status is not 'queued', values must exactly match those already contained in the image properties.",
          type: 'object',
          writeOnly: true,
          additionalProperties: false,
          properties: {
            checksum: { type: 'string', minLength: 32, maxLength: 32 },
            os_hash_algo: { type: 'string', maxLength: 64 },
            os_hash_value: { type: 'string', maxLength: 128 },
          },
          required: ['os_hash_algo', 'os_hash_value'],
        },
      },
      required: ['url', 'metadata'],
    },
    description: 'A set of URLs to access the image file kept in external store',
  },
});

/** The custom properties devstack installs from glance's etc/schema-image.json. */
const customProperties = (): Json => ({
  kernel_id: {
    type: ['null', 'string'],
    pattern: UUID_PATTERN,
    description:
      'ID of image stored in Glance that should be used as the kernel when booting an AMI-style image.',
    is_base: false,
  },
  ramdisk_id: {
    type: ['null', 'string'],
    pattern: UUID_PATTERN,
    description:
      'ID of image stored in Glance that should be used as the ramdisk when booting an AMI-style image.',
    is_base: false,
  },
  instance_uuid: {
    type: 'string',
    description:
      'Metadata which can be used to record which instance this image is associated with. (Informational only, does not create an instance snapshot.)',
    is_base: false,
  },
  architecture: {
    description:
      'Operating system architecture as specified in https://docs.openstack.org/python-glanceclient/latest/cli/property-keys.html',
    type: 'string',
    is_base: false,
  },
  os_distro: {
    description:
      'Common name of operating system distribution as specified in https://docs.openstack.org/python-glanceclient/latest/cli/property-keys.html',
    type: 'string',
    is_base: false,
  },
  os_version: {
    description: 'Operating system version as specified by the distributor.',
    type: 'string',
    is_base: false,
  },
  description: {
    description: 'A human-readable string describing this image.',
    type: 'string',
    is_base: false,
  },
  cinder_encryption_key_id: {
    description:
      'Identifier in the OpenStack Key Management Service for the encryption key for the Block Storage Service to use when mounting a volume created from this image',
    type: 'string',
    is_base: false,
  },
  cinder_encryption_key_deletion_policy: {
    description:
      "States the condition under which the Image Service will delete the object associated with the 'cinder_encryption_key_id' image property.  If this property is missing, the Image Service will take no action",
    type: 'string',
    enum: ['on_image_deletion', 'do_not_delete'],
    is_base: false,
  },
});

const imageProperties = (): Json => ({ ...baseProperties(), ...customProperties() });

const IMAGE_LINKS = [
  { rel: 'self', href: '{self}' },
  { rel: 'enclosure', href: '{file}' },
  { rel: 'describedby', href: '{schema}' },
];

/** GET /v2/schemas/image: a permissive schema (extra properties are strings). */
export const imageSchema = (): Json => ({
  name: 'image',
  properties: imageProperties(),
  additionalProperties: { type: 'string' },
  links: IMAGE_LINKS,
});

export const imagesSchema = (): Json => ({
  name: 'images',
  properties: {
    images: { type: 'array', items: imageSchema() },
    first: { type: 'string' },
    next: { type: 'string' },
    schema: { type: 'string' },
  },
  links: [
    { rel: 'first', href: '{first}' },
    { rel: 'next', href: '{next}' },
    { rel: 'describedby', href: '{schema}' },
  ],
});

const memberProperties = (): Json => ({
  member_id: { type: 'string', description: 'An identifier for the image member (tenantId)' },
  image_id: { type: 'string', description: 'An identifier for the image', pattern: UUID_PATTERN },
  created_at: { type: 'string', description: 'Date and time of image member creation' },
  updated_at: {
    type: 'string',
    description: 'Date and time of last modification of image member',
  },
  status: {
    type: 'string',
    description: 'The status of this image member',
    enum: ['pending', 'accepted', 'rejected'],
  },
  schema: { readOnly: true, type: 'string' },
});

export const memberSchema = (): Json => ({
  name: 'member',
  properties: memberProperties(),
  additionalProperties: false,
});

export const membersSchema = (): Json => ({
  name: 'members',
  properties: {
    members: { type: 'array', items: memberSchema() },
    first: { type: 'string' },
    next: { type: 'string' },
    schema: { type: 'string' },
  },
  links: [
    { rel: 'first', href: '{first}' },
    { rel: 'next', href: '{next}' },
    { rel: 'describedby', href: '{schema}' },
  ],
});

// ---------------------------------------------------------------------------------------------
// Validation of request bodies against the image schema, with jsonschema's wording.

interface SchemaError {
  readonly message: string;
  readonly validator: string;
  /** Keys from the schema root to the failing subschema (the keyword itself excluded). */
  readonly schemaPath: Array<string | number>;
  readonly schema: unknown;
  readonly instancePath: Array<string | number>;
  readonly instance: unknown;
}

const pyType = (value: unknown): string => {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'array';
  return 'object';
};

const isType = (value: unknown, type: string): boolean => {
  const actual = pyType(value);
  if (type === 'number') return actual === 'integer' || actual === 'number';
  return actual === type;
};

const sortedRepr = (value: unknown): string => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${pyRepr(k)}: ${sortedRepr(v)}`).join(', ')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(sortedRepr).join(', ')}]`;
  return pyRepr(value);
};

/** An approximation of Python's `pprint.pformat(value, width=72)`. */
const pformat = (value: unknown, indent: number): string => {
  const flat = sortedRepr(value);
  if (flat.length + indent <= 72 || value === null || typeof value !== 'object') return flat;
  const pad = ' '.repeat(indent + 1);
  if (Array.isArray(value)) {
    return `[${value.map((v) => pformat(v, indent + 1)).join(`,\n${pad}`)}]`;
  }
  const entries = Object.entries(value as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries
    .map(([k, v]) => {
      const key = `${pyRepr(k)}: `;
      return `${key}${pformat(v, indent + 1 + key.length)}`;
    })
    .join(`,\n${pad}`)}}`;
};

const formatIndex = (word: string, path: Array<string | number>): string =>
  `${word}${path.map((p) => `[${pyRepr(p)}]`).join('')}`;

const describe = (error: SchemaError): string => {
  const schema = pformat(error.schema, 0).split('\n').join('\n    ');
  const instance = pformat(error.instance, 0).split('\n').join('\n    ');
  return `${error.message}\n\nFailed validating ${pyRepr(error.validator)} in ${formatIndex('schema', error.schemaPath)}:\n    ${schema}\n\nOn ${formatIndex('instance', error.instancePath)}:\n    ${instance}`;
};

const validateValue = (
  value: unknown,
  schema: Json,
  schemaPath: Array<string | number>,
  instancePath: Array<string | number>,
): SchemaError | undefined => {
  const fail = (validator: string, message: string): SchemaError => ({
    message,
    validator,
    schemaPath,
    schema,
    instancePath,
    instance: value,
  });
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? (type as string[]) : [type as string];
    if (!types.some((t) => isType(value, t))) {
      return fail(
        'type',
        `${pyRepr(value)} is not of type ${types.map((t) => pyRepr(t)).join(', ')}`,
      );
    }
  }
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues) && !enumValues.some((e) => e === value)) {
    return fail('enum', `${pyRepr(value)} is not one of ${pyRepr(enumValues)}`);
  }
  if (typeof value === 'string') {
    const maxLength = schema['maxLength'];
    if (typeof maxLength === 'number' && [...value].length > maxLength) {
      return fail('maxLength', `${pyRepr(value)} is too long`);
    }
    const minLength = schema['minLength'];
    if (typeof minLength === 'number' && [...value].length < minLength) {
      return fail('minLength', `${pyRepr(value)} is too short`);
    }
    const pattern = schema['pattern'];
    if (typeof pattern === 'string' && !new RegExp(pattern).test(value)) {
      return fail('pattern', `${pyRepr(value)} does not match ${pyRepr(pattern)}`);
    }
  }
  if (Array.isArray(value) && typeof schema['items'] === 'object' && schema['items'] !== null) {
    const items = schema['items'] as Json;
    for (const [index, item] of value.entries()) {
      const error = validateValue(item, items, [...schemaPath, 'items'], [...instancePath, index]);
      if (error) return error;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const properties = (schema['properties'] ?? {}) as Json;
    for (const [key, item] of Object.entries(value as Json)) {
      const sub = properties[key];
      if (typeof sub === 'object' && sub !== null) {
        const error = validateValue(
          item,
          sub as Json,
          [...schemaPath, 'properties', key],
          [...instancePath, key],
        );
        if (error) return error;
      } else if (schema['additionalProperties'] === false) {
        return fail(
          'additionalProperties',
          `Additional properties are not allowed (${pyRepr(key)} was unexpected)`,
        );
      } else if (typeof schema['additionalProperties'] === 'object') {
        const error = validateValue(
          item,
          schema['additionalProperties'] as Json,
          [...schemaPath, 'additionalProperties'],
          [...instancePath, key],
        );
        if (error) return error;
      }
    }
    const required = schema['required'];
    if (Array.isArray(required)) {
      for (const name of required) {
        if (typeof name === 'string' && !(name in (value as Json))) {
          return fail('required', `${pyRepr(name)} is a required property`);
        }
      }
    }
  }
  return undefined;
};

/**
 * glance's `Schema.validate`: a 400 "Provided object does not match schema '<name>': ..." carrying
 * jsonschema's own error text.
 */
export const validateAgainst = (schema: Json, body: unknown): GlanceFault | undefined => {
  const error = validateValue(body, schema, [], []);
  if (!error) return undefined;
  return badRequest(
    `Provided object does not match schema '${String(schema['name'])}': ${describe(error)}`,
  );
};
