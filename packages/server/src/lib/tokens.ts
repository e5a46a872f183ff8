import { createHash, randomBytes } from 'node:crypto';

/** A new secret for a link or a session: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token, so a leaked table signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short, stable fingerprint of a row's editable fields, sent as `hash` for stale-edit checks. */
export function contentHash(values: unknown): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}
