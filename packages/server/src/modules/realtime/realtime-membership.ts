import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { HubEvents } from '@rotaboard/core/realtime/events';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { FastifyInstance } from 'fastify';
import { teamToday } from '../../lib/calendar.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { type AnySocket, adminRoom, type SocketData, teamRoom } from './realtime-rooms.ts';

/**
 * Who may be in a team group: putting a connection in its team's rooms as its access says, taking it
 * out when access is gone (removed, unlinked, team deleted, past the leaving date), and re-checking
 * the group against the database. Apart from the plugin so the access rules read on their own; a
 * connection is never dropped because the database could not answer.
 */
export function createMembership(app: FastifyInstance, broadcastPresence: (teamId: string) => Promise<void>) {
  const io = app.io;

  /** Puts a socket in the team's rooms as its access says: everyone's, and the admins' for admins. */
  async function admit(socket: AnySocket, access: TeamAccess) {
    const teamId = access.team.id;
    const data = socket.data as SocketData;
    data.teams[teamId] = {
      isAdmin: access.isAdmin,
      leavingDate: access.leavingDate,
      timeZone: access.team.timeZone,
    };
    await socket.join(teamRoom(teamId));
    if (access.isAdmin) await socket.join(adminRoom(teamId));
    else await socket.leave(adminRoom(teamId));
  }

  /** Takes a socket out of a team's rooms and tells it why. */
  async function evict(socket: AnySocket, teamId: string) {
    const data = socket.data as SocketData;
    delete data.teams[teamId];
    await socket.leave(teamRoom(teamId));
    await socket.leave(adminRoom(teamId));
    socket.emit(HubEvents.error, { message: 'You no longer have access to this team', teamId });
    socket.emit(HubEvents.left, teamId);
  }

  /**
   * The member's access now: null only when it is really gone (the team, the membership or the link
   * no longer exists, or the leaving date has passed: loadTeamAccess's 404). Any other failure, such
   * as the database not answering, is logged and answered `undefined`: nothing is known, so nothing
   * changes — a member is not dropped from their team, nor let in, because of a network blip.
   */
  async function accessOf(teamId: string, userId: string): Promise<TeamAccess | null | undefined> {
    try {
      return await teamAccessOf(app.db, { id: userId }, teamId, app.config.proEmails);
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCode.NOT_FOUND) return null;
      app.log.error(
        { err, teamId, userId },
        'realtime: could not check a member’s access to a team group; nothing changed',
      );
      return undefined;
    }
  }

  /** Re-checks every connection in the team's group against the database, across instances. */
  async function revalidate(teamId: string) {
    const sockets = await io.in(teamRoom(teamId)).fetchSockets();
    let evicted = 0;
    for (const socket of sockets) {
      const access = await accessOf(teamId, socket.data.userId);
      if (access === undefined) continue;
      if (access) await admit(socket, access);
      else {
        await evict(socket, teamId);
        evicted += 1;
      }
    }
    if (evicted > 0) await broadcastPresence(teamId);
  }

  /**
   * Takes this instance's connections out of teams their member has left: the leaving date has
   * passed in the team's time zone.
   */
  async function sweepLeavers(now = Date.now()) {
    for (const socket of io.of('/').sockets.values()) {
      const data = socket.data as SocketData;
      for (const [teamId, membership] of Object.entries(data.teams ?? {})) {
        if (!membership.leavingDate) continue;
        if (isActiveOn(membership.leavingDate, teamToday(membership, now))) continue;
        await evict(socket, teamId);
        await broadcastPresence(teamId);
      }
    }
  }

  return { admit, evict, accessOf, revalidate, sweepLeavers };
}
