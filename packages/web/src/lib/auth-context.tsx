import type { MeResponse, SupportModeDto } from '@rotaboard/core/contracts/auth';
import type { UserDto } from '@rotaboard/core/contracts/users';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, unwrap } from './api-client';
import {
  broadcastAuthEvent,
  isLoggedIn,
  onAuthEvent,
  setIntentionalLogout,
  setLoggedIn,
} from './auth-events';
import { useConnectionStatus } from './connection-status';
import { queryKeys } from './query-keys';
import { clearSessionHint, hasSessionHint } from './session-hint';
import { removeStorage } from './storage';
import { syncSupportModeRecord } from './support-mode';
import { toast } from './toast';

/**
 * initializing → loggedIn | loggedOut. `unreachable` is the network-failure case: the server could not
 * say, so pages are let through and the connection banner explains.
 */
export type AuthStatus = 'initializing' | 'loggedIn' | 'loggedOut' | 'unreachable';

type Session =
  | { status: 'loggedIn'; me: MeResponse }
  | { status: 'loggedOut' }
  | { status: 'unreachable'; error: ApiError };

export const SESSION_QUERY_KEY = queryKeys.session();
const LOGOUT_FLAG_RESET_MS = 1000;
const SUPPORT_MODE_OVER = 'Support mode has ended: the hour is up';

/** Set when loading found support mode over: the app then goes to /login (spec 2 §4). */
let supportModeEndedOnLoad = false;
/** Only the page's first look at the session handles a support mode found over on load. */
let firstSessionRead = true;

const LOGGED_OUT: Session = { status: 'loggedOut' };

/** Who is signed in: asked of the server only when the session hint says someone may be. */
export async function fetchSession(): Promise<Session> {
  const first = firstSessionRead;
  firstSessionRead = false;
  // No hint cookie, no session: nothing to ask (lib/session-hint.ts). Unless this tab was signed in a
  // moment ago: the hint went with the session (it expired, or the cookies were cleared), and the
  // server's 401 is what tells the app to say so ("Your session has expired") rather than quietly
  // showing the signed-out site.
  if (!hasSessionHint() && !isLoggedIn()) return LOGGED_OUT;
  try {
    const me: MeResponse = await unwrap(api.GET('/api/auth/me'));
    return { status: 'loggedIn', me };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return { status: 'unreachable', error };
    if (error instanceof ApiError && error.code === 'SUPPORT_MODE_ENDED' && first) {
      // The page was opened after the agent's hour as the user: leave support mode, then ask again
      // (the agent's own session, and its hint, are still good).
      supportModeEndedOnLoad = true;
      await api.POST('/api/auth/impersonate/end').catch(() => undefined);
      removeStorage(STORAGE_KEYS.impersonation);
      return fetchSession();
    }
    // The session is gone (expired, ended elsewhere): so is the reason to ask on the next load.
    if (error instanceof ApiError && error.status === 401 && error.code !== 'SUPPORT_MODE_ENDED') {
      clearSessionHint();
    }
    return LOGGED_OUT;
  }
}

export interface AuthContextValue {
  status: AuthStatus;
  user: UserDto | null;
  needsProfileCompletion: boolean;
  shouldPromptForTeamCreation: boolean;
  /** Re-reads the session (after a sign-in, a profile change or an email change). */
  refresh: () => Promise<AuthStatus>;
  /** Ends this session. Resolves false only when the server could not be reached. */
  logout: (options?: { redirect?: boolean }) => Promise<boolean>;
  /** Ends every session of the user. Resolves false when the server refused or could not be reached. */
  logoutAllDevices: () => Promise<boolean>;
  /** Set while a support agent acts as this user (support mode). */
  supportMode: SupportModeDto | null;
  /** The browser became someone else (support mode started): drops their data and reads who. */
  switchAccount: () => Promise<AuthStatus>;
  /** Leaves support mode (ended, or its hour over): the agent is back in their own account. */
  leaveSupportMode: () => Promise<AuthStatus>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // Known at once without a session hint: the first render is then the signed-out page, as the
    // prerendered /login is (and the server renders it so, having no cookies).
    initialData: hasSessionHint() ? undefined : LOGGED_OUT,
    retry: false,
    staleTime: 30_000,
  });
  const session = query.data;

  useEffect(() => {
    setLoggedIn(session?.status === 'loggedIn');
    if (session?.status === 'loggedIn')
      syncSupportModeRecord(session.me.user, session.me.supportMode ?? null);
    if (session && supportModeEndedOnLoad) {
      supportModeEndedOnLoad = false;
      toast.info(SUPPORT_MODE_OVER, { id: SUPPORT_MODE_OVER });
      navigate('/login', { replace: true });
    }
  }, [session, navigate]);

  // The server could not say who we are; once any request gets through again, ask again.
  const { isFailing } = useConnectionStatus();
  const unreachable = session?.status === 'unreachable';
  useEffect(() => {
    if (unreachable && !isFailing) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [unreachable, isFailing, queryClient]);

  /** Drops everything we know about the user, in this tab. */
  const clearUserState = useCallback(() => {
    setLoggedIn(false);
    removeStorage(STORAGE_KEYS.impersonation);
    queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData<Session>(SESSION_QUERY_KEY, { status: 'loggedOut' });
  }, [queryClient]);

  const refresh = useCallback(async (): Promise<AuthStatus> => {
    const next = await queryClient.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: fetchSession,
      staleTime: 0,
    });
    setLoggedIn(next.status === 'loggedIn');
    return next.status;
  }, [queryClient]);

  /**
   * Someone else's data must not linger: every query goes back to empty and those on screen fetch
   * again as whoever the browser is now. (Reset, not removed: a removed query's observers would go on
   * showing what it held.)
   */
  const switchHere = useCallback(async (): Promise<AuthStatus> => {
    await queryClient.cancelQueries();
    await queryClient.resetQueries();
    return refresh();
  }, [queryClient, refresh]);

  const switchAccount = useCallback(async (): Promise<AuthStatus> => {
    const status = await switchHere();
    broadcastAuthEvent({ type: 'switched' });
    return status;
  }, [switchHere]);

  const leaveSupportMode = useCallback(async (): Promise<AuthStatus> => {
    try {
      await api.POST('/api/auth/impersonate/end');
    } catch {
      // Whatever the answer, the server no longer treats this browser as the user once the hour is up.
    }
    removeStorage(STORAGE_KEYS.impersonation);
    return switchAccount();
  }, [switchAccount]);

  useEffect(
    () =>
      onAuthEvent((event, source) => {
        if (event.type === 'login') {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
          return;
        }
        if (event.type === 'switched') {
          if (source === 'remote') void switchHere();
          return;
        }
        if (event.reason === 'support-ended') {
          // The agent's hour as the user is over (spec 2 §4): out to /login; the tab that noticed
          // leaves support mode, and the login page then carries the agent on into their own account.
          clearUserState();
          navigate('/login', { replace: true });
          if (source === 'local') {
            toast.info(SUPPORT_MODE_OVER, { id: SUPPORT_MODE_OVER });
            void leaveSupportMode();
          }
          return;
        }
        clearUserState();
        if (event.reason === 'expired') {
          // The server refused the session: its hint is stale too.
          clearSessionHint();
          navigate('/login?expired=true', { replace: true });
        }
      }),
    [clearUserState, navigate, queryClient, switchHere, leaveSupportMode],
  );

  const finishLogout = useCallback(
    (redirect: boolean) => {
      clearUserState();
      broadcastAuthEvent({ type: 'logout', reason: 'logout' });
      if (redirect) navigate('/login', { replace: true });
      setTimeout(() => setIntentionalLogout(false), LOGOUT_FLAG_RESET_MS);
    },
    [clearUserState, navigate],
  );

  const logout = useCallback(
    async ({ redirect = false }: { redirect?: boolean } = {}): Promise<boolean> => {
      setIntentionalLogout(true);
      let reached = true;
      try {
        await api.POST('/api/auth/logout');
      } catch (error) {
        // Every status is fine (the session may already be gone); only silence is a failure.
        reached = !(error instanceof ApiError && error.status === 0);
      }
      finishLogout(redirect);
      return reached;
    },
    [finishLogout],
  );

  const logoutAllDevices = useCallback(async (): Promise<boolean> => {
    setIntentionalLogout(true);
    try {
      await api.POST('/api/auth/logout-all-devices');
    } catch {
      setTimeout(() => setIntentionalLogout(false), LOGOUT_FLAG_RESET_MS);
      return false;
    }
    finishLogout(false);
    return true;
  }, [finishLogout]);

  const value = useMemo<AuthContextValue>(() => {
    const status: AuthStatus = session ? session.status : 'initializing';
    const me = session?.status === 'loggedIn' ? session.me : null;
    return {
      status,
      user: me?.user ?? null,
      needsProfileCompletion: me?.needsProfileCompletion ?? false,
      shouldPromptForTeamCreation: me?.shouldPromptForTeamCreation ?? false,
      refresh,
      logout,
      logoutAllDevices,
      supportMode: me?.supportMode ?? null,
      switchAccount,
      leaveSupportMode,
    };
  }, [session, refresh, logout, logoutAllDevices, switchAccount, leaveSupportMode]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The /login address that finishes an incomplete registration. */
export function completeProfileUrl(options: {
  shouldPromptForTeamCreation?: boolean;
  inviteTeamId?: string | null;
}) {
  const params = new URLSearchParams({ completeProfile: 'true' });
  if (options.shouldPromptForTeamCreation) params.set('shouldPromptForTeamCreation', 'true');
  if (options.inviteTeamId) params.set('inviteTeamId', options.inviteTeamId);
  return `/login?${params.toString()}`;
}
