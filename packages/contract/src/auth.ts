import { Type, type Static } from 'typebox';

/** POST {webroot}auth/login/ — JSON or form fields (spec 1 §2 "Login page"). */
export const LoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 255 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  domain: Type.Optional(Type.String({ maxLength: 255 })),
  region: Type.Optional(Type.String({ maxLength: 255 })),
  auth_type: Type.Optional(Type.String({ maxLength: 64 })),
  // A form post may carry the CSRF token as a field instead of the header.
  csrfmiddlewaretoken: Type.Optional(Type.String({ maxLength: 256 })),
});
export type LoginBody = Static<typeof LoginBody>;

const Choice = Type.Object({ id: Type.String(), label: Type.String() });

/** GET {webroot}auth/options/ — what the login page offers before anyone is signed in. */
export const AuthOptions = Type.Object({
  auth_types: Type.Array(Choice),
  default_auth_type: Type.String(),
  regions: Type.Array(Choice),
  default_region: Type.String(),
  /** Show the domain field (multi-domain clouds); otherwise the default domain is used. */
  show_domain: Type.Boolean(),
  default_domain: Type.String(),
});
export type AuthOptions = Static<typeof AuthOptions>;

export const SwitchProjectBody = Type.Object(
  { project_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type SwitchProjectBody = Static<typeof SwitchProjectBody>;

export const SwitchRegionBody = Type.Object(
  { region: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type SwitchRegionBody = Static<typeof SwitchRegionBody>;
