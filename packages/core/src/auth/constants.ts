/** Sign-in links stay valid this long (spec 1 §9). */
export const MAGIC_LINK_TTL_MINUTES = 15;
/** Another link for the same address is refused this long, unless configured otherwise (spec 1 §9). */
export const DEFAULT_MAGIC_LINK_RESEND_SECONDS = 120;
/** Email-change links (to the new and to the old address) stay valid this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** A session ends after this many days without use; each use pushes the end out again. */
export const SESSION_IDLE_DAYS = 30;
/** Invitation links stay valid this long; resending issues a new link with a fresh expiry. */
export const INVITE_TTL_DAYS = 7;
/** However often it is used, a session ends this many days after sign-in; then sign in again. */
export const SESSION_ABSOLUTE_DAYS = 90;
/**
 * Not a secret: a cookie scripts can read, set and cleared with the httpOnly session cookie, saying
 * only that a session may exist, so a signed-out page need not ask the server (docs/auth.md).
 */
export const SESSION_HINT_COOKIE = 'rotaboard_signed_in';
