import { Type, type TObject, type TOptional, type TSchema, type TString } from 'typebox';

/** The filters every Neutron list route takes: Neutron's own attributes, bounded. */
const COMMON = {
  name: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 64 })),
  project_id: Type.Optional(Type.String({ maxLength: 64 })),
};
type Common = {
  name: TOptional<TString>;
  status: TOptional<TString>;
  project_id: TOptional<TString>;
};

/**
 * A Neutron list route's query: name, status and project filters plus the route's own
 * (`all_projects`, paging, …), so each collection states only what differs.
 */
export const neutronListQuery = <P extends Record<string, TSchema>>(own: P): TObject<Common & P> =>
  Type.Object({ ...COMMON, ...own }) as TObject<Common & P>;

/** `all_projects=true`: an admin's list of every project's items (default: the caller's). */
export const AllProjects = Type.Optional(Type.Boolean());
