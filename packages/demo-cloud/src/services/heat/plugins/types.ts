import { randomInt } from 'node:crypto';
import type { CloudContext } from '../../../core/service';
import { validationFailed } from '../http';
import type { Json, ValidationFault } from '../http';
import type { ResourceDoc, StackDoc } from '../model';

/**
 * A resource type's behaviour (its schema is data: typeData.ts). `create` starts the work and
 * names the physical resource; `checkCreate` tells when it is done, as heat's
 * check_create_complete polls.
 */

export interface CreateRequest {
  readonly stack: StackDoc;
  /** The logical name in the template. */
  readonly name: string;
  /** heat's physical_resource_name: `<stack>-<resource>-<12 random characters>`. */
  readonly physicalName: string;
  /** Checked against the schema: every property present (defaults applied). */
  readonly properties: Json;
}

export interface Created {
  readonly physicalId: string;
  readonly attributes: Json;
  /** Nominal time the work takes before checkCreate is asked (ms). */
  readonly waitMs?: number;
}

/** A poll's answer: done, still working, or failed (a text, or a complete status reason). */
export type CheckResult = boolean | string | { readonly reason: string };

export interface Updated {
  readonly attributes?: Json;
  /** Nominal time the work takes before checkUpdate is asked (ms). */
  readonly waitMs?: number;
}

export interface UpdateRequest {
  readonly stack: StackDoc;
  readonly resource: ResourceDoc;
  readonly properties: Json;
  readonly changed: readonly string[];
}

export interface ResourcePlugin {
  /** Accepts any property (OS::Heat::None). */
  readonly anyProperty?: boolean;
  /** Answers any attribute name (OS::Heat::None, groups). */
  readonly anyAttribute?: boolean;
  /** The physical id is a nested stack's id (resource links get `rel: nested`). */
  readonly nested?: boolean;
  /** Extra checks of the (converted) properties; throws heat's Property error. */
  validate?(name: string, properties: Json): void;
  create(ctx: CloudContext, request: CreateRequest): Created;
  /** true when done, false to wait, a text when it failed (a `reason` is used as is). */
  checkCreate?(ctx: CloudContext, r: ResourceDoc): CheckResult;
  /**
   * An in-place update of update_allowed properties: the attributes to merge and how long the
   * work takes. Without it, the new properties are only recorded (heat's default handle_update).
   */
  update?(ctx: CloudContext, request: UpdateRequest): Updated | undefined;
  /** true when an in-place update has finished (false to wait, a text when it failed). */
  checkUpdate?(ctx: CloudContext, r: ResourceDoc): CheckResult;
  /** Whether a change forces a replacement even though heat allows updating those properties. */
  replaceOn?(before: Json, after: Json): boolean;
  /**
   * An attribute whose value the type computes (`resource.0.value`, `attributes` of a group),
   * the get_attr path after the attribute name applied.
   */
  resolveAttribute?(
    ctx: CloudContext,
    r: ResourceDoc,
    attr: string,
    path: readonly unknown[],
  ): unknown;
  /** The attributes resource show lists, when the type shows other values than get_attr reads. */
  shownAttributes?(ctx: CloudContext, r: ResourceDoc): Json;
  /** The resources a preview shows in place of this one (a group previews its members). */
  previewMembers?(properties: Json): Array<{ name: string; type: string; properties: Json }>;
  /** Live attribute values (merged over the stored ones). */
  liveAttributes?(ctx: CloudContext, r: ResourceDoc): Json;
  /** Attribute values a preview shows (before anything exists). */
  previewAttributes?(properties: Json): Json;
  delete(ctx: CloudContext, r: ResourceDoc): void;
  checkDelete?(ctx: CloudContext, r: ResourceDoc): boolean;
  /** Nominal time a delete takes (ms). */
  readonly deleteWaitMs?: (r: ResourceDoc) => number;
  /** heat's CHECK: undefined when fine, a text when it failed. Without it CHECK is not supported. */
  check?(ctx: CloudContext, r: ResourceDoc): string | undefined;
  suspend?(ctx: CloudContext, r: ResourceDoc): void;
  resume?(ctx: CloudContext, r: ResourceDoc): void;
}

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** heat's short_id: 12 random lowercase letters and digits. */
export const shortId = (): string => {
  let suffix = '';
  for (let i = 0; i < 12; i++) suffix += NAME_CHARS[randomInt(NAME_CHARS.length)];
  return suffix;
};

/** heat's physical_resource_name: `<stack>-<resource>-<12 random characters>`. */
export const physicalName = (stackName: string, name: string): string =>
  `${stackName}-${name}-${shortId()}`;

/** The `name` property, or heat's physical name when it is empty. */
export const nameOr = (request: CreateRequest): string => {
  const given = request.properties['name'];
  return typeof given === 'string' && given !== '' ? given : request.physicalName;
};

export const strProp = (p: Json, key: string): string | undefined =>
  typeof p[key] === 'string' && p[key] !== '' ? p[key] : undefined;

/** heat's `Property error` about one property of a resource. */
export const propertyError = (resource: string, key: string, message: string): ValidationFault =>
  validationFailed({
    error: 'Property error',
    path: `resources.${resource}.properties${key ? `.${key}` : ''}`,
    message,
  });

/** An upstream failure as heat words it in a resource's status reason (`NotFound: ...`). */
export class ResourceFailure extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
