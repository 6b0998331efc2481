import { createHash, randomBytes } from 'node:crypto';

/** Tokens and codes are stored only as SHA-256; a stolen table signs nobody in. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 40 random bytes, URL-safe: what the client keeps in its `auth_token` cookie. */
export const newToken = () => randomBytes(40).toString('base64url');
