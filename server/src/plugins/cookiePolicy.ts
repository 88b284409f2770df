import type { FastifyRequest } from 'fastify';

export type SecureCookies = boolean | 'auto';

/** 'auto': Secure when the browser talks https to us (x-forwarded-proto counts with trustProxy). */
export const isSecure = (setting: SecureCookies, request: FastifyRequest): boolean =>
  setting === 'auto' ? request.protocol === 'https' : setting;
