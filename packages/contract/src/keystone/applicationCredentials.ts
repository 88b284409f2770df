import { Type, type Static } from 'typebox';
import { ListOf, NoContent, type List } from '../common';
import { route, routes } from '../route';
import { BulkDeleteResult, IdParams, IdsBody, RoleRef } from './projects';

/** One access rule: the only calls a restricted credential's tokens may make. */
export const AccessRule = Type.Object({
  id: Type.Optional(Type.String()),
  service: Type.String(),
  method: Type.String(),
  path: Type.String(),
});
export type AccessRule = Static<typeof AccessRule>;

/** An application credential of the signed-in user, as the table and details show it. */
export const ApplicationCredential = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  project_id: Type.String(),
  /** The project's name, when the user can still see the project. */
  project_name: Type.Optional(Type.String()),
  /** Keystone's UTC time (`2099-01-01T00:00:00.000000`), or null for never. */
  expires_at: Type.Union([Type.String(), Type.Null()]),
  unrestricted: Type.Boolean(),
  roles: Type.Array(RoleRef),
  access_rules: Type.Array(AccessRule),
});
export type ApplicationCredential = Static<typeof ApplicationCredential>;
export const ApplicationCredentialList = ListOf(ApplicationCredential);
export type ApplicationCredentialList = List<ApplicationCredential>;

/**
 * The create answer: the secret, shown once, and the two files that use it. Nothing of it is
 * kept by the server; the page offers the files for download and forgets them on close.
 */
export const ApplicationCredentialCreated = Type.Object({
  ...ApplicationCredential.properties,
  secret: Type.String(),
  /** `openrc` for bash: `source` it, then the `openstack` CLI authenticates with it. */
  openrc: Type.String(),
  /** A clouds.yaml holding one cloud, `cloud_name`. */
  clouds_yaml: Type.String(),
  cloud_name: Type.String(),
});
export type ApplicationCredentialCreated = Static<typeof ApplicationCredentialCreated>;

/**
 * Create: `expires_at` is UTC (the page converts from the user's timezone); `roles` are names of
 * the user's roles on the current project (none: all of them); `access_rules` is the text the
 * user typed, a JSON or YAML list of {service, method, path}, parsed and checked by the server.
 */
export const ApplicationCredentialCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    secret: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    expires_at: Type.Optional(
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?Z?$' }),
    ),
    roles: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100 }),
    ),
    unrestricted: Type.Optional(Type.Boolean()),
    access_rules: Type.Optional(Type.String({ maxLength: 65536 })),
  },
  { additionalProperties: false },
);
export type ApplicationCredentialCreateBody = Static<typeof ApplicationCredentialCreateBody>;

/** A text file the browser saves (Content-Disposition: attachment). */
export const RcFile = Type.String({ description: 'The file, text/plain' });

/** /api/keystone/application-credentials/ and the user menu's rc files. */
export const applicationCredentialRoutes = {
  ...routes('keystone.applicationCredentials', {
    list: route({
      method: 'GET',
      path: '/api/keystone/application-credentials/',
      response: { 200: ApplicationCredentialList },
    }),
    create: route({
      method: 'POST',
      path: '/api/keystone/application-credentials/',
      body: ApplicationCredentialCreateBody,
      response: { 201: ApplicationCredentialCreated },
    }),
    deleteMany: route({
      method: 'DELETE',
      path: '/api/keystone/application-credentials/',
      body: IdsBody,
      response: { 200: BulkDeleteResult },
    }),
    get: route({
      method: 'GET',
      path: '/api/keystone/application-credentials/:id/',
      params: IdParams,
      response: { 200: ApplicationCredential },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/keystone/application-credentials/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('keystone.rcFiles', {
    /** openrc (v3) of the current project and region; asks for the password when sourced. */
    openrc: route({
      method: 'GET',
      path: '/api/keystone/openrc/',
      response: { 200: RcFile },
    }),
    /** clouds.yaml of the current project and region, without a password. */
    cloudsYaml: route({
      method: 'GET',
      path: '/api/keystone/clouds-yaml/',
      response: { 200: RcFile },
    }),
  }),
};
