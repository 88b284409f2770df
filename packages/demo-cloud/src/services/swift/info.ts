import type { FastifyInstance } from 'fastify';
import { MAX_DELETES_PER_REQUEST, MAX_FAILED_DELETES } from './bulkDelete';
import { LIMITS } from './context';
import { pyJson } from './http';
import { LISTING_LIMIT } from './listing';

/** Swift 2.30.1 as the lab's proxy pipeline registers itself (keystoneauth adds no section). */
export const SWIFT_VERSION = '2.30.1';

export const swiftInfo = (): Record<string, unknown> => ({
  swift: {
    version: SWIFT_VERSION,
    strict_cors_mode: true,
    policies: [{ name: 'Policy-0', aliases: 'Policy-0', default: true }],
    allow_account_management: true,
    account_autocreate: true,
    max_file_size: LIMITS.maxFileSize,
    max_meta_name_length: LIMITS.maxMetaNameLength,
    max_meta_value_length: LIMITS.maxMetaValueLength,
    max_meta_count: LIMITS.maxMetaCount,
    max_meta_overall_size: LIMITS.maxMetaOverallSize,
    max_header_size: LIMITS.maxHeaderSize,
    max_object_name_length: LIMITS.maxObjectNameLength,
    container_listing_limit: LISTING_LIMIT,
    account_listing_limit: LISTING_LIMIT,
    max_account_name_length: LIMITS.maxAccountNameLength,
    max_container_name_length: LIMITS.maxContainerNameLength,
    extra_header_count: 0,
  },
  symlink: { symloop_max: 2, static_links: true },
  versioned_writes: { allowed_flags: ['x-versions-location', 'x-history-location'] },
  slo: {
    max_manifest_segments: 1000,
    max_manifest_size: 8388608,
    yield_frequency: 10,
    min_segment_size: 1,
    allow_async_delete: false,
  },
  account_quotas: {},
  container_quotas: {},
  formpost: { allowed_digests: ['sha1', 'sha256', 'sha512'], deprecated_digests: ['sha1'] },
  tempurl: {
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    incoming_remove_headers: ['x-timestamp'],
    incoming_allow_headers: [],
    outgoing_remove_headers: ['x-object-meta-*'],
    outgoing_allow_headers: ['x-object-meta-public-*'],
    allowed_digests: ['sha1', 'sha256', 'sha512'],
    deprecated_digests: ['sha1'],
  },
  bulk_upload: { max_containers_per_extraction: 10000, max_failed_extractions: 1000 },
  bulk_delete: {
    max_deletes_per_request: MAX_DELETES_PER_REQUEST,
    max_failed_deletes: MAX_FAILED_DELETES,
  },
});

/** `GET /info`: the capabilities document, public (no token). */
export const infoRoutes = (app: FastifyInstance): void => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/info',
    handler: async (request, reply) => {
      const body = pyJson(swiftInfo());
      reply.code(200).header('content-type', 'application/json; charset=UTF-8');
      if (request.method === 'HEAD') {
        return reply.header('content-length', String(Buffer.byteLength(body))).send();
      }
      return reply.send(body);
    },
  });
};
