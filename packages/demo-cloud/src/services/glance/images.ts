import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid } from '../../core/ids';
import { cancelScheduled } from '../../core/lifecycle';
import { isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  callerContext,
  getImage,
  imagePolicy,
  imageTarget,
  membershipsOf,
  policyRefusal,
} from './access';
import type { Caller } from './access';
import {
  GlanceFault,
  badRequest,
  conflict,
  dbTime,
  forbidden,
  glanceBase,
  isObject,
  pyInt,
  queryPairs,
  unsupportedMediaType,
} from './http';
import type { Json } from './http';
import { images, members, tasks } from './model';
import type { ImageDoc, ImageStatus, Visibility } from './model';
import { imageSchema, validateAgainst } from './schemas';
import { STORE_ID, imageFile, removeFile, stagingFile } from './storage';
import { imagePath, imageView } from './views';

/** glance's `[DEFAULT] limit_param_default` and `api_limit_max`. */
const LIMIT_DEFAULT = 25;
const LIMIT_MAX = 1000;
/** glance's `image_property_quota` and `image_tag_quota`. */
export const PROPERTY_QUOTA = 128;
export const TAG_QUOTA = 128;

export const IMPORT_METHODS = ['glance-direct', 'web-download', 'copy-image'] as const;

/** Headers glance adds to a create answer: what can be done with the new image next. */
export const discoveryHeaders = (): Record<string, string> => ({
  'OpenStack-image-import-methods': IMPORT_METHODS.join(','),
  'OpenStack-image-store-ids': STORE_ID,
});

const SORT_KEYS = [
  'name',
  'status',
  'container_format',
  'disk_format',
  'size',
  'id',
  'created_at',
  'updated_at',
] as const;

const DISALLOWED = ['direct_url', 'self', 'file', 'schema', 'stores'];
const READONLY = [
  'created_at',
  'updated_at',
  'status',
  'checksum',
  'size',
  'virtual_size',
  'direct_url',
  'self',
  'file',
  'schema',
  'id',
  'os_hash_algo',
  'os_hash_value',
];
const RESERVED = ['location', 'deleted', 'deleted_at'];
const RESERVED_NAMESPACE = 'os_glance';
/** Attributes of glance's domain Image a patch sets directly (the rest are extra properties). */
const BASE_ATTRIBUTES = new Set([
  'name',
  'visibility',
  'os_hidden',
  'min_disk',
  'min_ram',
  'protected',
  'owner',
  'disk_format',
  'container_format',
  'tags',
  'locations',
]);

/** Image-model columns a list filter compares directly (other names filter on extra properties). */
const COLUMNS = new Set([
  'id',
  'name',
  'disk_format',
  'container_format',
  'size',
  'virtual_size',
  'status',
  'checksum',
  'os_hash_algo',
  'os_hash_value',
  'min_disk',
  'min_ram',
  'owner',
  'protected',
  'os_hidden',
  'created_at',
  'updated_at',
]);

// ---------------------------------------------------------------------------------------------
// Listing

/** webob's MultiDict, as the request deserializer pops from it. */
class Params {
  constructor(private readonly items: Array<[string, string]>) {}
  has(key: string): boolean {
    return this.items.some(([k]) => k === key);
  }
  /** Removes and returns the first value. */
  pop(key: string): string | undefined {
    const index = this.items.findIndex(([k]) => k === key);
    if (index < 0) return undefined;
    const [, value] = this.items[index] ?? ['', ''];
    this.items.splice(index, 1);
    return value;
  }
  /** The last value, as MultiDict's `get`. */
  get(key: string): string | undefined {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i];
      if (item && item[0] === key) return item[1];
    }
    return undefined;
  }
  keys(): string[] {
    return [...new Set(this.items.map(([k]) => k))];
  }
}

const ISO_RE =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** oslo's `parse_isotime`; undefined when the text is not ISO 8601. */
const parseIsoTime = (text: string): Date | undefined => {
  const m = ISO_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const tz = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${(frac + '000').slice(0, 3)}${tz}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** glance's `split_filter_op`: `op:value`, except that a bare ISO time keeps its colons. */
const splitFilterOp = (expression: string): [string, string] => {
  const index = expression.indexOf(':');
  if (index < 0) return ['eq', expression];
  if (parseIsoTime(expression)) return ['eq', expression];
  return [expression.slice(0, index), expression.slice(index + 1)];
};

/** glance's `split_filter_value_for_quotes` for the `in:` operator. */
const splitInValues = (value: string): string[] => {
  let quotes = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') {
      i++;
      continue;
    }
    if (value[i] === '"') {
      quotes++;
      const next = value[i + 1];
      if (quotes % 2 === 0 && next !== undefined && next !== ',') {
        throw badRequest(
          `Invalid filter value ${value}. There is no comma after closing quotation mark.`,
        );
      }
      const prev = value[i - 1];
      if (quotes % 2 === 1 && prev !== undefined && prev !== ',') {
        throw badRequest(
          `Invalid filter value ${value}. There is no comma before opening quotation mark.`,
        );
      }
    }
  }
  if (quotes % 2 === 1) throw badRequest(`Invalid filter value ${value}. The quote is not closed.`);
  const result: string[] = [];
  const re = /"([^"\\]*(?:\\.[^"\\]*)*)",?|([^,]+),?|,/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(value)) !== null) result.push(match[1] || match[2] || '');
  return result;
};

type Predicate = (image: ImageDoc) => boolean;

const columnValue = (image: ImageDoc, column: string): unknown =>
  (image as unknown as Record<string, unknown>)[column];

/** SQL-like equality of a column with a query string (MySQL coerces numbers and booleans). */
const columnEquals = (value: unknown, text: string | boolean): boolean => {
  if (typeof text === 'boolean') return value === text;
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return (value ? '1' : '0') === text || String(value) === text;
  if (typeof value === 'number') return pyInt(text) === value;
  return String(value) === text;
};

const timeComparison = (op: string, attr: number, threshold: number): boolean => {
  switch (op) {
    case 'gt':
      return attr > threshold;
    case 'gte':
      return attr >= threshold;
    case 'lt':
      return attr < threshold;
    case 'lte':
      return attr <= threshold;
    case 'eq':
      return attr === threshold;
    case 'neq':
      return attr !== threshold;
    default:
      throw badRequest('Unable to filter on a unknown operator.');
  }
};

/** `_make_conditions_from_filters`: one predicate per filter. */
const filterPredicates = (filters: Map<string, string | boolean>): Predicate[] => {
  const predicates: Predicate[] = [];
  for (const [key, raw] of filters) {
    if (typeof raw === 'boolean') {
      predicates.push((i) => columnValue(i, key) === raw);
      continue;
    }
    if (key === 'checksum' || key === 'os_hash_value') {
      predicates.push((i) => columnValue(i, key) === raw);
    } else if (key.endsWith('_min') || key.endsWith('_max')) {
      const column = key.slice(0, -4);
      const bound = pyInt(raw);
      if (bound === undefined) {
        throw badRequest('Unable to filter on a range with a non-numeric value.');
      }
      const min = key.endsWith('_min');
      predicates.push((i) => {
        const v = columnValue(i, column);
        return typeof v === 'number' && (min ? v >= bound : v <= bound);
      });
    } else if (key === 'created_at' || key === 'updated_at') {
      const [op, text] = splitFilterOp(raw);
      const threshold = parseIsoTime(text);
      if (!threshold) {
        throw badRequest(`Bad "${key}" query filter format. Use ISO 8601 DateTime notation.`);
      }
      // The operator is checked once, even when no image is left to compare.
      timeComparison(op, 0, 0);
      predicates.push((i) =>
        timeComparison(op, Date.parse(String(columnValue(i, key))), threshold.getTime()),
      );
    } else if (['name', 'id', 'status', 'container_format', 'disk_format'].includes(key)) {
      const [op, value] = splitFilterOp(raw);
      if (op === 'in') {
        const values = splitInValues(value);
        predicates.push((i) => values.some((v) => columnEquals(columnValue(i, key), v)));
      } else if (op === 'eq') {
        predicates.push((i) => columnEquals(columnValue(i, key), value));
      } else {
        throw badRequest(`Unable to filter by unknown operator '${op}'.`);
      }
    } else if (COLUMNS.has(key)) {
      predicates.push((i) => columnEquals(columnValue(i, key), raw));
    } else {
      predicates.push((i) => i.properties[key] === raw);
    }
  }
  return predicates;
};

type SortDir = 'asc' | 'desc';

const sortValue = (image: ImageDoc, key: string): string | number => {
  const v = columnValue(image, key);
  if (v === null || v === undefined) return key === 'size' ? 0 : '';
  if (typeof v === 'number') return v;
  // MySQL's default collation orders text case-insensitively.
  return key === 'name' ? String(v).toLowerCase() : String(v);
};

const compareBy =
  (keys: readonly string[], dirs: readonly SortDir[]) =>
  (a: ImageDoc, b: ImageDoc): number => {
    for (const [index, key] of keys.entries()) {
      const x = sortValue(a, key);
      const y = sortValue(b, key);
      if (x === y) continue;
      const less = typeof x === 'number' && typeof y === 'number' ? x < y : String(x) < String(y);
      const order = less ? -1 : 1;
      return dirs[index] === 'desc' ? -order : order;
    }
    return 0;
  };

const sortingParams = (params: Params): { keys: string[]; dirs: SortDir[] } => {
  const keys: string[] = [];
  const dirs: SortDir[] = [];
  const validKey = (key: string): string => {
    if (!(SORT_KEYS as readonly string[]).includes(key)) {
      throw badRequest(
        `Invalid sort key: ${key}. It must be one of the following: ${SORT_KEYS.join(', ')}.`,
      );
    }
    return key;
  };
  const validDir = (dir: string): SortDir => {
    if (dir !== 'asc' && dir !== 'desc') throw badRequest(`Invalid sort direction: ${dir}`);
    return dir;
  };
  if (params.has('sort')) {
    if (params.has('sort_key') || params.has('sort_dir')) {
      throw badRequest('Old and new sorting syntax cannot be combined');
    }
    for (const part of (params.pop('sort') ?? '').trim().split(',')) {
      const index = part.indexOf(':');
      const key = index < 0 ? part : part.slice(0, index);
      const dir = index < 0 || part.slice(index + 1) === '' ? 'desc' : part.slice(index + 1);
      keys.push(validKey(key.trim()));
      dirs.push(validDir(dir.trim()));
    }
  } else {
    while (params.has('sort_key')) keys.push(validKey((params.pop('sort_key') ?? '').trim()));
    while (params.has('sort_dir')) dirs.push(validDir((params.pop('sort_dir') ?? '').trim()));
    if (dirs.length > 1 && dirs.length !== keys.length) {
      throw badRequest('Number of sort dirs does not match the number of sort keys');
    }
  }
  if (keys.length === 0) keys.push('created_at');
  if (dirs.length === 0) dirs.push('desc');
  return { keys, dirs };
};

const listImages = (ctx: CloudContext, request: FastifyRequest): Json => {
  const caller = callerContext(request);
  const params = new Params(queryPairs(request));
  const rawLimit = params.pop('limit');
  const marker = params.pop('marker');
  const memberStatus = params.pop('member_status') ?? 'accepted';
  const tags: string[] = [];
  while (params.has('tag')) tags.push((params.pop('tag') ?? '').trim());

  const visibility = params.get('visibility');
  if (visibility && !['community', 'public', 'private', 'shared', 'all'].includes(visibility)) {
    throw badRequest(`Invalid visibility value: ${visibility}`);
  }
  if (params.get('changes-since')) {
    throw badRequest('The "changes-since" filter is no longer available on v2.');
  }
  if (!['pending', 'accepted', 'rejected', 'all'].includes(memberStatus)) {
    throw badRequest(`Invalid status: ${memberStatus}`);
  }
  let limit = LIMIT_DEFAULT;
  if (rawLimit !== undefined) {
    const parsed = pyInt(rawLimit);
    if (parsed === undefined) throw badRequest('limit param must be an integer');
    if (parsed < 0) throw badRequest('limit param must be positive');
    limit = parsed;
  }
  const sorting = sortingParams(params);

  // What is left are filters (the last value of a repeated name wins).
  const filters = new Map<string, string | boolean>();
  for (const key of params.keys()) filters.set(key, params.get(key) ?? '');
  filters.delete('visibility');
  const osHidden = String(filters.get('os_hidden') ?? 'false').toLowerCase();
  if (osHidden !== 'true' && osHidden !== 'false') {
    throw badRequest(
      `Invalid value '${osHidden}' for 'os_hidden' filter. Valid values are 'true' or 'false'.`,
    );
  }
  filters.set('os_hidden', osHidden === 'true');
  const protectedFilter = filters.get('protected');
  if (protectedFilter !== undefined) {
    if (protectedFilter !== 'true' && protectedFilter !== 'false') {
      throw badRequest(
        `Invalid value '${String(protectedFilter)}' for 'protected' filter. Valid values are 'true' or 'false'.`,
      );
    }
    filters.set('protected', protectedFilter === 'true');
  }
  limit = Math.min(LIMIT_MAX, limit);

  if (!isAllowed(request, 'image', 'get_images', { project_id: caller.projectId })) {
    throw policyRefusal('get_images');
  }

  const predicates = filterPredicates(filters);
  const col = ctx.store.collection(images);
  const memberships = membershipsOf(ctx, caller.projectId);
  const regular = !caller.isAdmin;
  const accessible = (image: ImageDoc): boolean => {
    if (!regular) return true;
    if (image.visibility === 'public' || image.visibility === 'community') return true;
    if (caller.projectId !== null && image.owner === caller.projectId) return true;
    if (image.visibility !== 'shared') return false;
    const status = memberships.get(image.id);
    return status !== undefined && (memberStatus === 'all' || status === memberStatus);
  };
  const visible = (image: ImageDoc): boolean => {
    if (visibility !== undefined && visibility !== '') {
      return visibility === 'all' || image.visibility === visibility;
    }
    if (caller.projectId === null) return image.visibility !== 'community';
    return image.owner === caller.projectId || image.visibility !== 'community';
  };

  const candidates = col
    .all()
    .filter(
      (i) =>
        !i.deleted &&
        i.status !== 'killed' &&
        accessible(i) &&
        visible(i) &&
        tags.every((t) => i.tags.includes(t)) &&
        predicates.every((p) => p(i)),
    );

  const keys = [...sorting.keys];
  const dirs = [...sorting.dirs];
  const defaultDir: SortDir = sorting.dirs.length === 1 ? (sorting.dirs[0] ?? 'desc') : 'desc';
  while (dirs.length < keys.length) dirs.push(defaultDir);
  for (const key of ['created_at', 'id']) {
    if (!keys.includes(key)) {
      keys.push(key);
      dirs.push(defaultDir);
    }
  }
  const compare = compareBy(keys, dirs);
  candidates.sort(compare);

  let page = candidates;
  if (marker !== undefined) {
    const markerImage = col.get(marker);
    if (!markerImage || markerImage.deleted) throw badRequest(`No image found with ID ${marker}`);
    if (
      regular &&
      markerImage.owner !== null &&
      markerImage.visibility !== 'public' &&
      markerImage.visibility !== 'community' &&
      markerImage.owner !== caller.projectId &&
      !(markerImage.visibility === 'shared' && memberships.has(markerImage.id))
    ) {
      throw forbidden(`Forbidding request, image ${marker} not visible`);
    }
    page = candidates.filter((i) => compare(i, markerImage) > 0);
  }
  page = page.slice(0, limit);
  const dbCount = page.length;
  const memberOf = new Set(memberships.keys());
  const shown = page.filter((image) =>
    isAllowed(request, 'image', 'get_image', imageTarget(ctx, caller, image, memberOf)),
  );

  // The links repeat the query as `dict(request.params)` does (one value per name, the last),
  // without the marker.
  const all = new Params(queryPairs(request));
  const query = new URLSearchParams();
  for (const key of all.keys()) {
    if (key !== 'marker') query.set(key, all.get(key) ?? '');
  }
  const body: Json = {
    images: shown.map(imageView),
    first: query.toString() ? `/v2/images?${query.toString()}` : '/v2/images',
    schema: '/v2/schemas/images',
  };
  const last = shown[shown.length - 1];
  if (shown.length !== 0 && dbCount === limit && last) {
    query.set('marker', last.id);
    body['next'] = `/v2/images?${query.toString()}`;
  }
  return body;
};

// ---------------------------------------------------------------------------------------------
// Create

const reservedName = (key: string): boolean =>
  RESERVED.includes(key) || key.startsWith(RESERVED_NAMESPACE);

const checkNonNegative = (name: string, value: unknown): void => {
  if (typeof value === 'number' && value < 0) {
    throw badRequest(
      `Invalid value '${value}' for parameter '${name}': Cannot be a negative value`,
    );
  }
};

const createImage = (ctx: CloudContext, request: FastifyRequest): ImageDoc => {
  const body = request.body;
  if (body === undefined || body === null) throw badRequest('Body expected in request.');
  if (!isObject(body)) throw badRequest('Body expected in request.');
  for (const key of DISALLOWED) {
    if (key in body) throw forbidden(`Attribute '${key}' is read-only.`);
  }
  const invalid = validateAgainst(imageSchema(), body);
  if (invalid) throw invalid;

  const properties: Record<string, string> = {};
  const base: Json = {};
  const baseKeys = new Set([
    'checksum',
    'created_at',
    'container_format',
    'disk_format',
    'id',
    'min_disk',
    'min_ram',
    'name',
    'size',
    'virtual_size',
    'status',
    'tags',
    'owner',
    'updated_at',
    'visibility',
    'protected',
    'os_hidden',
  ]);
  for (const [key, value] of Object.entries(body)) {
    if (baseKeys.has(key)) base[key] = value;
    else properties[key] = value as string;
  }
  for (const key of Object.keys(properties)) {
    if (key.length > 255)
      throw badRequest('Custom property should not be greater than 255 characters.');
    if (reservedName(key)) throw forbidden(`Attribute '${key}' is reserved.`);
  }

  const caller = callerContext(request);
  const owner = 'owner' in base ? (base['owner'] as string | null) : caller.projectId;
  const target: Json = {
    project_id: owner,
    owner,
    ...(base['visibility'] !== undefined ? { visibility: base['visibility'] } : {}),
  };
  if (!isAllowed(request, 'image', 'add_image', target)) throw policyRefusal('add_image');
  if (base['visibility'] === 'public' && !isAllowed(request, 'image', 'publicize_image', target)) {
    throw policyRefusal('publicize_image');
  }
  if (
    base['visibility'] === 'community' &&
    !isAllowed(request, 'image', 'communitize_image', target)
  ) {
    throw policyRefusal('communitize_image');
  }
  if (!ctx.options.enforceNewDefaults && !caller.isAdmin && owner !== caller.projectId) {
    throw forbidden(`You are not permitted to create images owned by '${String(owner)}'.`);
  }
  for (const key of [
    'created_at',
    'updated_at',
    'status',
    'checksum',
    'os_hash_algo',
    'os_hash_value',
    'size',
    'virtual_size',
  ]) {
    if (key in base) throw forbidden(`Attribute '${key}' is read-only.`);
  }
  if ('locations' in properties) throw forbidden("Attribute 'locations' is reserved.");
  checkNonNegative('min_disk', base['min_disk']);
  checkNonNegative('min_ram', base['min_ram']);
  if (Object.keys(properties).length > PROPERTY_QUOTA) {
    throw new GlanceFault(
      413,
      `The limit has been exceeded on the number of allowed image properties. Attempted: ${Object.keys(properties).length}, Maximum: ${PROPERTY_QUOTA}`,
    );
  }
  const tags = [...new Set((base['tags'] as string[] | undefined) ?? [])];
  if (tags.length > TAG_QUOTA) {
    throw new GlanceFault(
      413,
      `The limit has been exceeded on the number of allowed image tags. Attempted: ${tags.length}, Maximum: ${TAG_QUOTA}`,
    );
  }

  const id = (base['id'] as string | undefined) ?? uuid();
  const now = ctx.now().toISOString();
  const image: ImageDoc = {
    id,
    name: (base['name'] as string | null | undefined) ?? null,
    status: 'queued',
    visibility: (base['visibility'] as Visibility | undefined) ?? 'shared',
    protected: (base['protected'] as boolean | undefined) ?? false,
    os_hidden: (base['os_hidden'] as boolean | undefined) ?? false,
    owner,
    disk_format: (base['disk_format'] as string | null | undefined) ?? null,
    container_format: (base['container_format'] as string | null | undefined) ?? null,
    min_disk: (base['min_disk'] as number | undefined) ?? 0,
    min_ram: (base['min_ram'] as number | undefined) ?? 0,
    size: null,
    virtual_size: null,
    checksum: null,
    os_hash_algo: null,
    os_hash_value: null,
    properties,
    tags,
    location: null,
    staged: null,
    created_at: now,
    updated_at: now,
    deleted: false,
    deleted_at: null,
  };
  return ctx.store.transaction(() => {
    if (ctx.store.collection(images).get(id)) throw conflict(`Image ID ${id} already exists!`);
    return ctx.store.collection(images).insert(image);
  });
};

// ---------------------------------------------------------------------------------------------
// Update (JSON patch)

const PATCH_TYPES: Readonly<Record<string, 4 | 10>> = {
  'application/openstack-images-v2.0-json-patch': 4,
  'application/openstack-images-v2.1-json-patch': 10,
};

interface Change {
  readonly op: 'add' | 'remove' | 'replace';
  readonly path: string[];
  readonly value?: unknown;
  readonly draft: 4 | 10;
}

const OPERATIONS = ['add', 'remove', 'replace'] as const;

const decodePointer = (pointer: string): string[] => {
  if (!pointer.startsWith('/')) throw badRequest(`Pointer \`${pointer}\` does not start with "/".`);
  if (/\/\s*?\//.test(pointer.slice(1))) {
    throw badRequest(`Pointer \`${pointer}\` contains adjacent "/".`);
  }
  if (pointer.length > 1 && pointer.endsWith('/')) {
    throw badRequest(`Pointer \`${pointer}\` end with "/".`);
  }
  if (pointer.slice(1).trim() === '/') {
    throw badRequest(`Pointer \`${pointer}\` does not contains valid token.`);
  }
  if (/~[^01]/.test(pointer) || pointer.endsWith('~')) {
    throw badRequest(
      `Pointer \`${pointer}\` contains "~" not part of a recognized escape sequence.`,
    );
  }
  return pointer
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~').trim());
};

const PATH_DEPTH: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  locations: { add: 2, remove: 2, replace: 1 },
};

const parseChanges = (request: FastifyRequest): Change[] => {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const draft = contentType === undefined ? undefined : PATCH_TYPES[contentType];
  if (draft === undefined) {
    throw unsupportedMediaType(request.headers['content-type'], {
      'Accept-Patch': Object.keys(PATCH_TYPES).sort().join(', '),
    });
  }
  const body = request.body;
  if (body === undefined) throw badRequest('Body expected in request.');
  if (!Array.isArray(body)) {
    throw badRequest('Request body must be a JSON array of operation objects.');
  }
  const changes: Change[] = [];
  for (const raw of body as unknown[]) {
    if (!isObject(raw)) throw badRequest('Operations must be JSON objects.');
    let op: Change['op'];
    let pointer: unknown;
    if (draft === 10) {
      const named = raw['op'];
      if (named === undefined || named === null) {
        throw badRequest(
          `Unable to find \`op\` in JSON Schema change. It must be one of the following: ${OPERATIONS.join(', ')}.`,
        );
      }
      if (!(OPERATIONS as readonly unknown[]).includes(named)) {
        throw badRequest(
          `Invalid operation: \`${String(named)}\`. It must be one of the following: ${OPERATIONS.join(', ')}.`,
        );
      }
      op = named as Change['op'];
      if (!('path' in raw)) throw badRequest("Unable to find 'path' in JSON Schema change");
      pointer = raw['path'];
    } else {
      const present = OPERATIONS.filter((o) => o in raw);
      if (present.length > 1) {
        throw badRequest(
          'Operation objects must contain only one member named "add", "remove", or "replace".',
        );
      }
      const only = present[0];
      if (only === undefined) {
        throw badRequest(
          'Operation objects must contain exactly one member named "add", "remove", or "replace".',
        );
      }
      op = only;
      pointer = raw[op];
    }
    const path = decodePointer(String(pointer));
    const root = path[0] ?? '';
    const depth = PATH_DEPTH[root]?.[op] ?? 1;
    if (path.length !== depth) {
      throw badRequest(`Invalid JSON pointer for this resource: '/${path.join('/')}'`);
    }
    if (op !== 'remove' && !('value' in raw)) {
      throw badRequest(`Operation "${op}" requires a member named "value".`);
    }
    const change: Change =
      op === 'remove' ? { op, path, draft } : { op, path, value: raw['value'], draft };
    if (READONLY.includes(root)) throw forbidden(`Attribute '${root}' is read-only.`);
    if (reservedName(root)) throw forbidden(`Attribute '${root}' is reserved.`);
    if (op !== 'remove') {
      const schema = imageSchema();
      const partial =
        path.length === 1
          ? { [root]: change.value }
          : root === 'locations'
            ? { [root]: [change.value] }
            : undefined;
      if (partial) {
        const invalid = validateAgainst(schema, partial);
        if (invalid) throw invalid;
      }
    }
    changes.push(change);
  }
  return changes;
};

const applyChanges = (
  ctx: CloudContext,
  request: FastifyRequest,
  caller: Caller,
  id: string,
  changes: readonly Change[],
): ImageDoc =>
  ctx.store.transaction(() => {
    const original = getImage(ctx, caller, id);
    const image: ImageDoc = {
      ...original,
      properties: { ...original.properties },
      tags: [...original.tags],
    };
    const policy = imagePolicy(request, ctx, caller, original);
    const updateProperty = (name: string, value?: unknown): void => {
      if (name === 'visibility') policy.enforceVisibility(value);
      policy.enforceMutable('modify_image');
    };
    const setBase = (name: string, value: unknown): void => {
      switch (name) {
        case 'disk_format':
        case 'container_format':
          if (image.status !== 'queued' && image.status !== 'importing') {
            throw forbidden(`Attribute ${name} can be only replaced for a queued image.`);
          }
          image[name] = value as string | null;
          return;
        case 'min_disk':
        case 'min_ram':
          checkNonNegative(name, value);
          image[name] = value as number;
          return;
        case 'tags':
          image.tags = [...new Set(value as string[])];
          return;
        case 'name':
          image.name = value as string | null;
          return;
        case 'owner':
          image.owner = value as string | null;
          return;
        case 'visibility':
          image.visibility = value as Visibility;
          return;
        case 'protected':
        case 'os_hidden':
          image[name] = value as boolean;
          return;
        default:
          return;
      }
    };
    for (const change of changes) {
      const root = change.path[0] ?? '';
      if (root === 'locations') {
        if (change.op === 'replace' && Array.isArray(change.value) && change.value.length === 0) {
          throw forbidden('Cannot set locations to empty list.');
        }
        if (change.op === 'remove') {
          policy.enforce('delete_image_location');
          throw forbidden("It's not allowed to remove locations if locations are invisible.");
        }
        policy.enforce('set_image_location');
        throw forbidden(
          change.op === 'add'
            ? "It's not allowed to add locations if locations are invisible."
            : "It's not allowed to update locations if locations are invisible.",
        );
      }
      if (change.op === 'replace') {
        if (root === 'owner' && !caller.isAdmin)
          throw forbidden("Owner can't be updated by non admin.");
        updateProperty(root, change.value);
        if (BASE_ATTRIBUTES.has(root)) setBase(root, change.value);
        else if (root in image.properties) image.properties[root] = change.value as string;
        else throw conflict(`Property ${root} does not exist.`);
      } else if (change.op === 'add') {
        updateProperty(root, change.value);
        const exists = BASE_ATTRIBUTES.has(root) || root in image.properties;
        if (exists && change.draft === 4) throw conflict(`Property ${root} already present.`);
        if (BASE_ATTRIBUTES.has(root)) setBase(root, change.value);
        else image.properties[root] = change.value as string;
      } else {
        updateProperty(root);
        if (BASE_ATTRIBUTES.has(root)) throw forbidden(`Property ${root} may not be removed.`);
        if (!(root in image.properties)) throw conflict(`Property ${root} does not exist.`);
        image.properties = Object.fromEntries(
          Object.entries(image.properties).filter(([key]) => key !== root),
        );
      }
    }
    if (changes.length === 0) return original;
    const count = Object.keys(image.properties).length;
    if (count > PROPERTY_QUOTA && count > Object.keys(original.properties).length) {
      throw new GlanceFault(
        413,
        `The limit has been exceeded on the number of allowed image properties. Attempted: ${count}, Maximum: ${PROPERTY_QUOTA}`,
      );
    }
    if (image.tags.length > TAG_QUOTA && image.tags.length > original.tags.length) {
      throw new GlanceFault(
        413,
        `The limit has been exceeded on the number of allowed image tags. Attempted: ${image.tags.length}, Maximum: ${TAG_QUOTA}`,
      );
    }
    image.updated_at = ctx.now().toISOString();
    return ctx.store.collection(images).put(image);
  });

// ---------------------------------------------------------------------------------------------
// Delete and actions

/** Removes an image's data and bookkeeping; the row stays as a deleted tombstone, as in glance. */
export const purgeImage = (ctx: CloudContext, image: ImageDoc): ImageDoc => {
  const now = ctx.now().toISOString();
  const deleted: ImageDoc = {
    ...image,
    status: 'deleted',
    deleted: true,
    deleted_at: now,
    updated_at: now,
    location: null,
    staged: null,
  };
  ctx.store.collection(images).put(deleted);
  ctx.store.collection(members).deleteWhere('image_id', image.id);
  cancelScheduled(ctx, { id: image.id });
  removeFile(imageFile(ctx, image.id));
  removeFile(stagingFile(ctx, image.id));
  return deleted;
};

const VALID_TARGETS: Readonly<Record<ImageStatus, readonly ImageStatus[]>> = {
  queued: ['saving', 'uploading', 'importing', 'active', 'deleted'],
  saving: ['active', 'killed', 'deleted', 'queued'],
  uploading: ['importing', 'queued', 'deleted'],
  importing: ['active', 'deleted', 'queued'],
  active: ['pending_delete', 'deleted', 'deactivated'],
  killed: ['deleted'],
  pending_delete: ['deleted', 'active'],
  deleted: [],
  deactivated: ['active', 'deleted'],
};

/** The domain's status setter: an InvalidImageStatusTransition unless allowed. */
export const checkTransition = (image: ImageDoc, to: ImageStatus): void => {
  if (!VALID_TARGETS[image.status].includes(to)) {
    throw conflict(`Image status transition from ${image.status} to ${to} is not allowed`);
  }
  if (
    (image.status === 'queued' || image.status === 'uploading') &&
    (to === 'saving' || to === 'active' || to === 'importing')
  ) {
    const missing = (['disk_format', 'container_format'] as const).filter((k) => !image[k]);
    if (missing.length === 1) {
      throw badRequest(`Property ${missing.join(', ')} must be set prior to saving data.`);
    }
    if (missing.length > 1) {
      throw badRequest(`Properties ${missing.join(', ')} must be set prior to saving data.`);
    }
  }
};

const deleteImage = (ctx: CloudContext, request: FastifyRequest, id: string): void => {
  const caller = callerContext(request);
  ctx.store.transaction(() => {
    const image = getImage(ctx, caller, id);
    imagePolicy(request, ctx, caller, image).enforceMutable('delete_image');
    if (image.protected) throw forbidden(`Image ${id} is protected and cannot be deleted.`);
    purgeImage(ctx, image);
  });
};

const changeActivation = (
  ctx: CloudContext,
  request: FastifyRequest,
  id: string,
  action: 'deactivate' | 'reactivate',
): void => {
  const caller = callerContext(request);
  ctx.store.transaction(() => {
    const image = getImage(ctx, caller, id);
    imagePolicy(request, ctx, caller, image).enforceMutable(action);
    const [from, to] =
      action === 'deactivate'
        ? (['active', 'deactivated'] as const)
        : (['deactivated', 'active'] as const);
    if (image.status === to) return;
    if (image.status !== from) {
      throw forbidden(`Not allowed to ${action} image in status '${image.status}'`);
    }
    ctx.store.collection(images).put({ ...image, status: to, updated_at: ctx.now().toISOString() });
  });
};

// ---------------------------------------------------------------------------------------------

const imageLocation = (ctx: CloudContext, request: FastifyRequest, id: string): string =>
  `${glanceBase(ctx, request)}${imagePath(id)}`;

export const imageRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get('/images', async (request) => listImages(ctx, request));

  app.post('/images', async (request, reply) => {
    const image = createImage(ctx, request);
    return reply
      .code(201)
      .header('Location', imageLocation(ctx, request, image.id))
      .headers(discoveryHeaders())
      .send(imageView(image));
  });

  app.get<{ Params: { id: string } }>('/images/:id', async (request) => {
    const caller = callerContext(request);
    const image = getImage(ctx, caller, request.params.id);
    imagePolicy(request, ctx, caller, image).enforce('get_image');
    return imageView(image);
  });

  app.patch<{ Params: { id: string } }>('/images/:id', async (request) => {
    const changes = parseChanges(request);
    const image = applyChanges(ctx, request, callerContext(request), request.params.id, changes);
    return imageView(image);
  });

  app.delete<{ Params: { id: string } }>('/images/:id', async (request, reply) => {
    try {
      deleteImage(ctx, request, request.params.id);
    } catch (error) {
      if (
        error instanceof GlanceFault &&
        error.status === 404 &&
        error.message.startsWith('No image')
      ) {
        throw new GlanceFault(404, `Failed to find image ${request.params.id} to delete`);
      }
      throw error;
    }
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/images/:id/actions/deactivate', async (request, reply) => {
    changeActivation(ctx, request, request.params.id, 'deactivate');
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/images/:id/actions/reactivate', async (request, reply) => {
    changeActivation(ctx, request, request.params.id, 'reactivate');
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/images/:id/tasks', async (request) => {
    const caller = callerContext(request);
    let image: ImageDoc;
    try {
      image = getImage(ctx, caller, request.params.id);
      imagePolicy(request, ctx, caller, image).enforce('get_image');
    } catch {
      throw new GlanceFault(404, 'The resource could not be found.');
    }
    const rows = ctx.store
      .collection(tasks)
      .where('image_id', image.id)
      .filter((t) => caller.isAdmin || t.owner === caller.projectId);
    return {
      tasks: rows.map((t) => ({
        id: t.id,
        type: t.type,
        status: t.status,
        owner: t.owner,
        expires_at: t.expires_at === null ? null : dbTime(t.expires_at),
        created_at: dbTime(t.created_at),
        updated_at: dbTime(t.updated_at),
        deleted_at: null,
        deleted: false,
        image_id: t.image_id,
        request_id: t.request_id,
        user_id: t.user_id,
        input: JSON.stringify(t.input),
        result: t.result === null ? null : JSON.stringify(t.result),
        message: t.message,
      })),
    };
  });
};
