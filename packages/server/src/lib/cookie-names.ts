/**
 * The names of our cookies, here because the layers below the modules need them too: the public
 * site sends `/` to the app when a session cookie is present, without asking who it belongs to.
 */

/** The browser's session (modules/auth/session.plugin.ts). */
export const SESSION_COOKIE = 'rotaboard_session';
/** A support session's token, meaningful only beside the agent's own session cookie (modules/support). */
export const SUPPORT_COOKIE = 'rotaboard_support';
