import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import { callerContext, getImage, imagePolicy } from './access';
import { GlanceFault, forbidden, notFound } from './http';
import { TAG_QUOTA } from './images';
import { images } from './model';
import type { ImageDoc } from './model';

type TagRequest = FastifyRequest<{ Params: { id: string; tag: string } }>;

/** Loads the image and checks modify_image, with the tag controller's wording for failures. */
const modifiable = (
  ctx: CloudContext,
  request: TagRequest,
  verb: 'update' | 'delete',
): ImageDoc => {
  const caller = callerContext(request);
  const image = getImage(ctx, caller, request.params.id, (id) => `Image ${id} not found.`);
  try {
    imagePolicy(request, ctx, caller, image).enforceMutable('modify_image');
  } catch (error) {
    // The legacy ownership check raises glance's Forbidden, which this controller rewords.
    if (error instanceof GlanceFault && error.message === 'You do not own this image') {
      throw forbidden(`Not allowed to ${verb} tags for image ${image.id}.`);
    }
    throw error;
  }
  return image;
};

export const tagRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.put<{ Params: { id: string; tag: string } }>(
    '/images/:id/tags/:tag',
    async (request, reply) => {
      ctx.store.transaction(() => {
        const image = modifiable(ctx, request, 'update');
        if (image.tags.includes(request.params.tag)) return;
        if (image.tags.length + 1 > TAG_QUOTA) {
          throw new GlanceFault(
            413,
            `Image tag limit exceeded for image ${image.id}: The limit has been exceeded on the number of allowed image tags. Attempted: ${image.tags.length + 1}, Maximum: ${TAG_QUOTA}:`,
          );
        }
        ctx.store.collection(images).put({
          ...image,
          tags: [...image.tags, request.params.tag],
          updated_at: ctx.now().toISOString(),
        });
      });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string; tag: string } }>(
    '/images/:id/tags/:tag',
    async (request, reply) => {
      ctx.store.transaction(() => {
        const image = modifiable(ctx, request, 'delete');
        if (!image.tags.includes(request.params.tag)) throw notFound();
        ctx.store.collection(images).put({
          ...image,
          tags: image.tags.filter((t) => t !== request.params.tag),
          updated_at: ctx.now().toISOString(),
        });
      });
      return reply.code(204).send();
    },
  );
};
