/**
 * What a service may log through: the request's logger in a route (so lines carry the request
 * id), a stub in a unit test.
 */
export interface ServiceLog {
  error(details: object, message: string): void;
}
