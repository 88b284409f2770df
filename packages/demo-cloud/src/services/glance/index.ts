import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../core/auth';
import { installJsonBodyParsing } from '../../core/jsonBody';
import { DEFAULT_REGION } from '../../core/service';
import type { CloudContext, CloudService } from '../../core/service';
import { installCors } from './cors';
import { discoveryRoutes, versionRoutes } from './discovery';
import { installGlanceFaults, installRequestIds, installMethodRouting, unauthorized } from './http';
import { imageDataRoutes } from './imageData';
import { imageRoutes } from './images';
import { importRoutes } from './imports';
import { memberRoutes } from './members';
import { metadefRoutes } from './metadefs';
import { glanceMigrations } from './model';
import { scaleImages, seedGlance } from './seed';
import { tagRoutes } from './tags';
// Registers the snapshot lifecycle handlers before any pending work is applied.
import './internal';

/** Glance v2 (Zed, API 2.16) under `/image`, as devstack deploys it. */
export const glanceService: CloudService = {
  name: 'glance',
  prefix: '/image',
  catalog: {
    type: 'image',
    name: 'glance',
    description: 'Glance Image Service',
    path: '/image',
    regions: [DEFAULT_REGION],
  },
  migrations: glanceMigrations,
  seed: seedGlance,
  scale: { images: scaleImages },
  register: async (app: FastifyInstance, ctx: CloudContext) => {
    installGlanceFaults(app);
    installRequestIds(app);
    installCors(app);
    installJsonBodyParsing(app);
    versionRoutes(app, ctx);

    await app.register(
      async (api) => {
        api.addHook(
          'onRequest',
          authenticate(ctx.resolveToken, (r) => `${ctx.baseUrl(r)}/identity`, unauthorized),
        );
        installMethodRouting(api);
        imageRoutes(api, ctx);
        tagRoutes(api, ctx);
        memberRoutes(api, ctx);
        importRoutes(api, ctx);
        discoveryRoutes(api, ctx);
        metadefRoutes(api, ctx);
        // Image bytes stay streams: this scope has no body parser of its own.
        await api.register(async (raw) => imageDataRoutes(raw, ctx));
      },
      { prefix: '/v2' },
    );
  },
};
