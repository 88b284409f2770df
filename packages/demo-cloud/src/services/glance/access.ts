import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { isAllowed } from '../../core/policy';
import type { PolicyTarget } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { GlanceFault } from './http';
import { forbidden, notFound } from './http';
import { images, memberKey, members } from './model';
import type { ImageDoc } from './model';

/** What glance's RequestContext knows of the caller. */
export interface Caller {
  /** `context.owner`: the token's project. */
  readonly projectId: string | null;
  readonly userId: string;
  /** `context_is_admin` (role:admin, whatever the scope). */
  readonly isAdmin: boolean;
}

export const callerContext = (request: FastifyRequest): Caller => {
  const auth = callerOf(request);
  return {
    projectId: auth.project?.id ?? null,
    userId: auth.user.id,
    isAdmin: isAllowed(request, 'image', 'context_is_admin', {}),
  };
};

/** `You are not authorized to complete <rule> action.` (glance's Forbidden). */
export const policyRefusal = (rule: string): GlanceFault =>
  forbidden(`You are not authorized to complete ${rule} action.`);

/** True when glance runs with enforce_secure_rbac (the demo cloud ties it to enforce_new_defaults). */
export const secureRbac = (ctx: CloudContext): boolean => ctx.options.enforceNewDefaults;

/** The database layer's `is_image_visible`: membership in any status counts. */
export const isImageVisible = (ctx: CloudContext, caller: Caller, image: ImageDoc): boolean => {
  if (caller.isAdmin) return true;
  if (image.owner === null) return true;
  if (image.visibility === 'public' || image.visibility === 'community') return true;
  if (caller.projectId === null) return false;
  if (caller.projectId === image.owner) return true;
  return (
    image.visibility === 'shared' &&
    ctx.store.collection(members).get(memberKey(image.id, caller.projectId)) !== undefined
  );
};

/** `ImageRepo.get`: the image, or glance's 404 for absent, deleted and invisible ones. */
export const getImage = (
  ctx: CloudContext,
  caller: Caller,
  id: string,
  message: (id: string) => string = (i) => `No image found with ID ${i}`,
): ImageDoc => {
  const image = ctx.store.collection(images).get(id);
  if (!image || image.deleted || !isImageVisible(ctx, caller, image)) {
    throw notFound(message(id));
  }
  return image;
};

/**
 * glance's ImageTarget: the image's attributes and extra properties, with `project_id` meaning
 * the owner and `member_id` the caller's project when it is a member of the image.
 */
export const imageTarget = (
  ctx: CloudContext,
  caller: Caller,
  image: ImageDoc,
  memberProjects?: ReadonlySet<string>,
): PolicyTarget => {
  const isMember =
    caller.projectId !== null &&
    (memberProjects
      ? memberProjects.has(image.id)
      : ctx.store.collection(members).get(memberKey(image.id, caller.projectId)) !== undefined);
  return {
    ...image.properties,
    id: image.id,
    name: image.name,
    status: image.status,
    visibility: image.visibility,
    protected: image.protected,
    os_hidden: image.os_hidden,
    owner: image.owner,
    project_id: image.owner,
    disk_format: image.disk_format,
    container_format: image.container_format,
    min_disk: image.min_disk,
    min_ram: image.min_ram,
    size: image.size,
    checksum: image.checksum,
    ...(isMember ? { member_id: caller.projectId } : {}),
  };
};

export interface ImagePolicy {
  /** Soft check of a rule (ImageAPIPolicy.check). */
  check(rule: string): boolean;
  /** ImageAPIPolicy._enforce: a refusal is a 404 when the caller may not even see the image. */
  enforce(rule: string): void;
  /** The legacy admin-or-owner fallback of mutating calls (only without secure RBAC). */
  enforceMutable(rule: string): void;
  /** publicize_image / communitize_image for a visibility change. */
  enforceVisibility(visibility: unknown): void;
}

export const imagePolicy = (
  request: FastifyRequest,
  ctx: CloudContext,
  caller: Caller,
  image: ImageDoc,
): ImagePolicy => {
  const target = imageTarget(ctx, caller, image);
  const check = (rule: string): boolean => isAllowed(request, 'image', rule, target);
  const enforce = (rule: string): void => {
    if (check(rule)) return;
    if (rule === 'get_image' || !check('get_image')) throw notFound();
    throw policyRefusal(rule);
  };
  return {
    check: (rule) => {
      try {
        enforce(rule);
        return true;
      } catch {
        return false;
      }
    },
    enforce,
    enforceMutable: (rule) => {
      enforce(rule);
      if (secureRbac(ctx) || caller.isAdmin) return;
      if (image.owner === null || caller.projectId === null || image.owner !== caller.projectId) {
        throw forbidden('You do not own this image');
      }
    },
    enforceVisibility: (visibility) => {
      const rule =
        visibility === 'public'
          ? 'publicize_image'
          : visibility === 'community'
            ? 'communitize_image'
            : undefined;
      if (rule && !check(rule)) throw policyRefusal(rule);
    },
  };
};

/** The image ids the caller's project is a member of (any status), for list handlers. */
export const membershipsOf = (ctx: CloudContext, projectId: string | null): Map<string, string> => {
  const result = new Map<string, string>();
  if (projectId === null) return result;
  for (const m of ctx.store.collection(members).where('member_id', projectId)) {
    result.set(m.image_id, m.status);
  }
  return result;
};
