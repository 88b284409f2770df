import { Type, type Static } from 'typebox';
import { route, routes } from './route';

/**
 * The extensible header (spec 1 §2, §7 "Load header"): sections the operator writes as data
 * (SKYDECK_HEADER_FILE), never markup. The web app renders every field as text, so a title or
 * description holding HTML shows as the characters it is; links are http(s) only, checked here
 * (the server refuses a file with any other scheme at start) and again by the web app.
 */
export const HeaderItem = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 200 }),
    url: Type.Optional(
      Type.String({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', maxLength: 2048 }),
    ),
    description: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type HeaderItem = Static<typeof HeaderItem>;

export const HeaderSection = Type.Object(
  {
    /** Kept in the skydeck_header_section cookie: a short token, safe in a cookie value. */
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    items: Type.Array(HeaderItem, { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type HeaderSection = Static<typeof HeaderSection>;

/** The header file's shape and the answer of GET {webroot}header/: the same document. */
export const HeaderSections = Type.Object(
  { sections: Type.Array(HeaderSection, { maxItems: 20 }) },
  { additionalProperties: false },
);
export type HeaderSections = Static<typeof HeaderSections>;

/**
 * GET {webroot}header/ (spec 1 §7): not under /api/, where the spec puts it, but declared and
 * served like every route of the table, for a signed-in user only.
 */
export const headerRoutes = routes('header', {
  get: route({ method: 'GET', path: '/header/', response: { 200: HeaderSections } }),
});
