import { Type, type Static } from 'typebox';

/**
 * GET /api/keystone/user-session/ — who is signed in and where. Deliberately no token:
 * the Keystone token never leaves the server.
 */
export const UserSession = Type.Object({
  id: Type.String(),
  username: Type.String(),
  user_domain_id: Type.String(),
  user_domain_name: Type.String(),
  project_id: Type.String(),
  project_name: Type.String(),
  project_domain_id: Type.String(),
  roles: Type.Array(Type.String()),
  /** True when the token carries the admin role (the cloud-admin view of Horizon). */
  is_superuser: Type.Boolean(),
  services_region: Type.String(),
  available_services_regions: Type.Array(Type.String()),
  token_expires_at: Type.String(),
  /**
   * The admin's domain context (issue 12): while set, the identity panels list and create
   * projects, users and groups in this domain. Absent when none is set.
   */
  domain_context: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type UserSession = Static<typeof UserSession>;

/** Set Domain Context: the domain the identity panels then work in. */
export const DomainContextBody = Type.Object(
  { domain_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type DomainContextBody = Static<typeof DomainContextBody>;

export const KeystoneVersion = Type.Object({ version: Type.String() });
export type KeystoneVersion = Static<typeof KeystoneVersion>;

export const CatalogEndpoint = Type.Object({
  id: Type.String(),
  interface: Type.String(),
  region: Type.String(),
  region_id: Type.String(),
  url: Type.String(),
});
export const CatalogService = Type.Object({
  id: Type.String(),
  type: Type.String(),
  name: Type.String(),
  endpoints: Type.Array(CatalogEndpoint),
});
export type CatalogService = Static<typeof CatalogService>;
export const ServiceCatalog = Type.Array(CatalogService);
export type ServiceCatalog = Static<typeof ServiceCatalog>;
