import { minutesLeft, SUPPORT_MODE_CHECK_MS } from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import { LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { broadcastAuthEvent } from '../../lib/auth-events';
import { readSupportModeRecord } from '../../lib/support-mode';
import { toast } from '../../lib/toast';

/**
 * Support Mode (spec 2 §2, §4): an orange bar on every page while an agent acts as a user, with whose
 * account it is, the time left and a way back. Checks for the end of the hour on load and every
 * minute; when it is over, the app leaves support mode and goes to /login.
 */
export function SupportModeBanner() {
  const { supportMode, user, leaveSupportMode } = useAuth();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => new Date());
  const [leaving, setLeaving] = useState(false);
  const expiresAt = supportMode?.expiresAt ?? readSupportModeRecord()?.expiresAt ?? null;

  useEffect(() => {
    if (!supportMode) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), SUPPORT_MODE_CHECK_MS);
    return () => clearInterval(timer);
  }, [supportMode]);

  const left = expiresAt ? minutesLeft(expiresAt, now) : null;
  useEffect(() => {
    if (supportMode && left === 0) broadcastAuthEvent({ type: 'logout', reason: 'support-ended' });
  }, [supportMode, left]);

  if (!supportMode || !user || left === 0) return null;

  const end = async () => {
    setLeaving(true);
    const status = await leaveSupportMode();
    setLeaving(false);
    if (status === 'loggedIn') toast.success('Support mode ended: you are back in your own account');
    navigate(status === 'loggedIn' ? '/support' : '/login', { replace: true });
  };

  return (
    <div
      role="status"
      data-testid="support-mode-banner"
      // Orange, as the spec asks, with dark text (white on this orange would be too faint to read).
      className="bg-orange-500 text-orange-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <LifeBuoy aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">Support Mode:</span> logged in as{' '}
          <span className="font-semibold break-words">{displayName(user)}</span>
          {left !== null ? (
            <>
              {' '}
              · <span>{left === 1 ? '1 minute left' : `${left} minutes left`}</span>
            </>
          ) : null}
        </p>
        <button
          type="button"
          onClick={() => void end()}
          disabled={leaving}
          className="rounded-md border border-current px-2.5 py-1 text-xs font-semibold hover:bg-black/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current disabled:opacity-60"
        >
          {leaving ? 'Ending…' : 'End support mode'}
        </button>
      </div>
    </div>
  );
}
