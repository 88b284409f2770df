import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  callerContext,
  getImage,
  imagePolicy,
  imageTarget,
  policyRefusal,
  secureRbac,
} from './access';
import type { Caller } from './access';
import { GlanceFault, badRequest, conflict, forbidden, isObject, notFound } from './http';
import { memberKey, members } from './model';
import type { ImageDoc, MemberDoc, MemberStatus } from './model';
import { memberView } from './views';

/** glance's `image_member_quota`. */
const MEMBER_QUOTA = 128;

type Ownership = 'create' | 'update' | 'delete' | undefined;

/** What each call says instead of `_check_visibility_and_ownership`'s own words (show: 404). */
const REFUSALS: Readonly<
  Record<NonNullable<Ownership> | 'list', (id: string, inner: string) => string>
> = {
  list: (id, inner) => `Not allowed to list members for image ${id}: ${inner}`,
  create: (id) => `Not allowed to create members for image ${id}.`,
  update: (id) => `Not allowed to update members for image ${id}.`,
  delete: (id) => `Not allowed to delete members for image ${id}.`,
};

/** `_check_visibility_and_ownership`: members exist only on shared images. */
const checkShared = (
  ctx: CloudContext,
  caller: Caller,
  image: ImageDoc,
  check: Ownership | 'list',
): void => {
  const refuse = (inner: string): never => {
    throw forbidden(check === undefined ? inner : REFUSALS[check](image.id, inner));
  };
  if (image.visibility !== 'shared') refuse('Only shared images have members.');
  if (secureRbac(ctx) || caller.isAdmin) return;
  if (check === 'create' && (image.owner === null || image.owner !== caller.projectId)) {
    refuse('You are not permitted to create image members for the image.');
  }
  if (check === 'update' && caller.projectId === image.owner) {
    refuse("You are not permitted to modify 'status' on this image member.");
  }
  if (check === 'delete' && caller.projectId !== image.owner) {
    refuse('You cannot delete image member.');
  }
};

/** MemberAPIPolicy: get_image first (404 when the image is not the caller's to see), then the rule. */
const enforceMember = (
  request: FastifyRequest,
  ctx: CloudContext,
  caller: Caller,
  image: ImageDoc,
  rule: string,
): void => {
  imagePolicy(request, ctx, caller, image).enforce('get_image');
  if (!isAllowed(request, 'image', rule, imageTarget(ctx, caller, image)))
    throw policyRefusal(rule);
};

/** The member rows the caller may see: all for the owner and admins, its own otherwise. */
const visibleMembers = (ctx: CloudContext, caller: Caller, image: ImageDoc): MemberDoc[] =>
  ctx.store
    .collection(members)
    .where('image_id', image.id)
    .filter(
      (m) =>
        caller.isAdmin ||
        (caller.projectId !== null &&
          (image.owner === caller.projectId || m.member_id === caller.projectId)),
    );

const lookupImage = (ctx: CloudContext, caller: Caller, id: string): ImageDoc =>
  getImage(ctx, caller, id, (i) => `Image ${i} not found.`);

const lookupMember = (
  request: FastifyRequest,
  ctx: CloudContext,
  caller: Caller,
  image: ImageDoc,
  memberId: string,
): MemberDoc => {
  enforceMember(request, ctx, caller, image, 'get_member');
  const member = visibleMembers(ctx, caller, image).find((m) => m.member_id === memberId);
  if (!member) {
    throw notFound(`${memberId} not found in the member list of the image ${image.id}.`);
  }
  return member;
};

type MemberRequest = FastifyRequest<{ Params: { id: string; member: string } }>;

export const memberRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(members);

  app.get<{ Params: { id: string } }>('/images/:id/members', async (request) => {
    const caller = callerContext(request);
    const image = lookupImage(ctx, caller, request.params.id);
    checkShared(ctx, caller, image, 'list');
    enforceMember(request, ctx, caller, image, 'get_members');
    return {
      members: visibleMembers(ctx, caller, image).map(memberView),
      schema: '/v2/schemas/members',
    };
  });

  app.post<{ Params: { id: string } }>('/images/:id/members', async (request) => {
    const body = request.body;
    if (body === undefined) throw badRequest('Body expected in request.');
    if (!isObject(body)) throw badRequest('Expected a member in the form: {"member": "image_id"}');
    if (!('member' in body)) throw badRequest('Member to be added not specified');
    const memberId = body['member'];
    if (!memberId) throw badRequest("Member can't be empty");
    if (typeof memberId !== 'string') {
      throw badRequest('Expected a member in the form: {"member": "image_id"}');
    }
    const caller = callerContext(request);
    const member = ctx.store.transaction(() => {
      const image = lookupImage(ctx, caller, request.params.id);
      checkShared(ctx, caller, image, 'create');
      enforceMember(request, ctx, caller, image, 'add_member');
      if (col.get(memberKey(image.id, memberId))) {
        throw conflict(`Member ${memberId} is duplicated for image ${image.id}`);
      }
      if (col.count('image_id', image.id) >= MEMBER_QUOTA) {
        throw new GlanceFault(
          413,
          `Image member limit exceeded for image ${image.id}: The limit has been exceeded on the number of allowed image members for this image. Attempted: ${MEMBER_QUOTA + 1}, Maximum: ${MEMBER_QUOTA}:`,
        );
      }
      const now = ctx.now().toISOString();
      return col.insert({
        id: memberKey(image.id, memberId),
        image_id: image.id,
        member_id: memberId,
        status: 'pending',
        created_at: now,
        updated_at: now,
      });
    });
    return memberView(member);
  });

  app.get<{ Params: { id: string; member: string } }>(
    '/images/:id/members/:member',
    async (request: MemberRequest) => {
      const caller = callerContext(request);
      try {
        const image = lookupImage(ctx, caller, request.params.id);
        checkShared(ctx, caller, image, undefined);
        return memberView(lookupMember(request, ctx, caller, image, request.params.member));
      } catch (error) {
        // Forbidden becomes NotFound here, so nobody learns about memberships they cannot see.
        if (error instanceof GlanceFault && error.status === 403) {
          throw new GlanceFault(404, error.message);
        }
        throw error;
      }
    },
  );

  app.put<{ Params: { id: string; member: string } }>(
    '/images/:id/members/:member',
    async (request: MemberRequest) => {
      const body = request.body;
      if (body === undefined) throw badRequest('Body expected in request.');
      if (!isObject(body)) throw badRequest('Expected a status in the form: {"status": "status"}');
      if (!('status' in body)) throw badRequest('Status not specified');
      const status = body['status'];
      const caller = callerContext(request);
      const member = ctx.store.transaction(() => {
        const image = lookupImage(ctx, caller, request.params.id);
        checkShared(ctx, caller, image, 'update');
        const current = lookupMember(request, ctx, caller, image, request.params.member);
        enforceMember(request, ctx, caller, image, 'modify_member');
        if (status !== 'pending' && status !== 'accepted' && status !== 'rejected') {
          throw badRequest(
            'Incorrect request: Status must be "pending", "accepted" or "rejected".',
          );
        }
        return col.put({
          ...current,
          status: status as MemberStatus,
          updated_at: ctx.now().toISOString(),
        });
      });
      return memberView(member);
    },
  );

  app.delete<{ Params: { id: string; member: string } }>(
    '/images/:id/members/:member',
    async (request: MemberRequest, reply) => {
      const caller = callerContext(request);
      ctx.store.transaction(() => {
        const image = lookupImage(ctx, caller, request.params.id);
        checkShared(ctx, caller, image, 'delete');
        const current = lookupMember(request, ctx, caller, image, request.params.member);
        enforceMember(request, ctx, caller, image, 'delete_member');
        col.delete(current.id);
      });
      return reply.code(204).send();
    },
  );
};
