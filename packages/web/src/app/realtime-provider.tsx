import { displayName } from '@rotaboard/core/users/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../lib/auth-context';
import { onAuthEvent } from '../lib/auth-events';
import { reportHubHealth } from '../lib/connection-status';
import { recordShiftChanges, resetLiveUpdates, setPresence } from '../lib/live-updates';
import { queryKeys } from '../lib/query-keys';
import type { RealtimeClient } from '../lib/realtime-client';
import { isAffectedQuery } from '../lib/realtime-policy';
import { useSelectedTeam } from '../lib/teams';
import { toast } from '../lib/toast';

/**
 * Keeps one live connection while someone is signed in (none otherwise), in the selected team's
 * group: changes made elsewhere refetch exactly the affected queries, and presence is kept for the
 * schedule page. Renders nothing.
 */
export function RealtimeConnection() {
  const { status, user } = useAuth();
  const { team } = useSelectedTeam();
  const queryClient = useQueryClient();
  const clientRef = useRef<RealtimeClient | null>(null);
  const teamIdRef = useRef<string | null>(null);
  const userId = status === 'loggedIn' ? (user?.id ?? null) : null;
  const teamId = team?.teamId ?? null;
  // The hub learns our name when we connect: connect again once it changes (a completed profile).
  const name = user ? displayName(user) : null;
  teamIdRef.current = teamId;

  useEffect(() => {
    if (!userId || !name) return;
    // socket.io and the event schemas load only once someone is signed in: the login page and the
    // public pages never download them.
    let client: RealtimeClient | null = null;
    let closed = false;
    const close = () => {
      closed = true;
      client?.stop();
      if (clientRef.current === client) clientRef.current = null;
      reportHubHealth('ok');
      resetLiveUpdates();
    };
    void import('../lib/realtime-client').then(({ RealtimeClient }) => {
      if (closed) return;
      client = new RealtimeClient({
        onState: (state, hadConnected) => {
          if (state === 'connected' || state === 'idle') reportHubHealth('ok');
          else if (!hadConnected) return;
          else if (state === 'failed') reportHubHealth('down');
          else reportHubHealth('recovering');
          if (state !== 'connected') setPresence(null);
        },
        onPresence: (event) => setPresence(event),
        // Removed from the team (or it was deleted): refetch everything, so the team leaves the list
        // and the page moves on to one the person can still see.
        onAccessLost: () => {
          toast.error('You no longer have access to this team');
          void queryClient.invalidateQueries();
        },
        // Tickets are no team's: they come to the user's own room and the agents' room.
        onSupportTicketUpdated: (event) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.supportTickets() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.supportTicket(event.ticketId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
        },
        onScheduleUpdated: (event) => {
          void queryClient.invalidateQueries({
            predicate: (query) => isAffectedQuery(query.queryKey, event),
          });
          // The bell counts requests and claims waiting for review: never three minutes late. A resync
          // may stand for a missed one too.
          if (event.kind === 'requests' || event.kind === 'open-shifts' || event.kind === 'all') {
            void queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
          }
          if (event.kind === 'shifts' && event.changedBy.userId !== userId) {
            recordShiftChanges(event.ids, event.changedBy.name);
          }
        },
      });
      clientRef.current = client;
      client.setTeam(teamIdRef.current);
      client.start();
    });
    const unsubscribe = onAuthEvent((event) => {
      if (event.type === 'logout') close();
    });
    return () => {
      unsubscribe();
      close();
    };
  }, [userId, name, queryClient]);

  useEffect(() => {
    setPresence(null);
    clientRef.current?.setTeam(teamId);
  }, [teamId]);

  return null;
}
