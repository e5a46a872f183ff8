import type { RemoteSocket, Socket } from 'socket.io';

/**
 * The live hub's rooms and what each connection carries, shared by the hub's parts (the handshake, team
 * membership, presence and the plugin that delivers announcements), so a room name is spelt in one place.
 */

/**
 * Per team group joined: whether the member administers it, their last day (null: not leaving) and
 * the team's time zone, in which that day ends.
 */
export type Membership = { isAdmin: boolean; leavingDate: string | null; timeZone: string };
/** Plain data, so it travels between instances with the Redis adapter (fetchSockets). */
export type SocketData = {
  userId: string;
  name: string;
  teams: Record<string, Membership>;
  /** Opened in support mode: the agent's support session (the socket is the user's). */
  supportSessionId?: string;
};
/** A connection on this instance, or one on another that fetchSockets returned (with Redis). */
export type AnySocket = Socket | RemoteSocket<Record<string, (...args: unknown[]) => void>, SocketData>;

export const teamRoom = (teamId: string) => `team:${teamId}`;
export const adminRoom = (teamId: string) => `team:${teamId}:admins`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every support agent's connections: new tickets and messages reach them live. */
export const AGENTS_ROOM = 'support:agents';
export const supportSessionRoom = (id: string) => `support-session:${id}`;
/** A team group's room name, back to the team (admins' rooms and others do not match). */
export const TEAM_ROOM = /^team:([0-9a-f-]{36})$/;
