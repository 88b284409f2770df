import { randomBytes, randomUUID } from 'node:crypto';

/** Keystone-style id: a uuid4 as 32 lowercase hex digits. */
export const hexId = (): string => randomUUID().replaceAll('-', '');

/** Nova/Glance/Cinder-style id: a dashed uuid4. */
export const uuid = (): string => randomUUID();

/** A Keystone audit id: 16 random bytes, urlsafe base64 without padding (22 characters). */
export const auditId = (): string => randomBytes(16).toString('base64url');
