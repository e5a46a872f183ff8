import { UpdateProfileInput } from '@rotaboard/core/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';
import { showApiError } from '../../../lib/show-api-error';
import { setSelectedTeamId } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../../../lib/users';
import {
  ACCEPT_FAILED_MESSAGE,
  type AcceptOutcome,
  acceptInviteOnce,
  forgetInviteOutcome,
  type InvitedStaff,
} from '../api/accept-invite';

const NO_TOKEN_MESSAGE = 'Invalid invitation link. No token provided.';
const PROBLEM_MESSAGE =
  'There was a problem processing your invitation. The link may be invalid or has expired.';

function ErrorActions() {
  return (
    <>
      <Button asChild>
        <Link to="/login">Log in</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Go to Homepage</Link>
      </Button>
    </>
  );
}

/**
 * The name the administrator typed for the invitee, to confirm or correct before going on: it is how
 * they appear to everyone else in the app.
 */
function ConfirmName({ staff }: { staff: InvitedStaff }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const [firstName, setFirstName] = useState(staff.firstName);
  const [lastName, setLastName] = useState(staff.lastName);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateProfileInput.safeParse({ firstName, lastName });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const user = auth.user;
      if (!user || user.firstName !== parsed.data.firstName || user.lastName !== parsed.data.lastName) {
        await updateProfile(parsed.data);
        await auth.refresh();
      }
      setSelectedTeamId(staff.teamId);
      navigate('/schedule', { replace: true });
    } catch (error) {
      showApiError(error, 'Failed to save your name.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 text-left">
      <p className="text-sm text-muted-foreground">
        This is the name your manager entered for you. Correct it if it is not quite right.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['firstName', 'First name', firstName, setFirstName],
            ['lastName', 'Last name', lastName, setLastName],
          ] as const
        ).map(([field, label, value, set]) => (
          <div key={field} className="grid gap-2">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <Input
              id={`${id}-${field}`}
              value={value}
              autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
              onChange={(event) => set(event.target.value)}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            />
            {errors[field] ? (
              <p id={`${id}-${field}-error`} className="text-sm text-destructive">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <Button type="submit" disabled={saving}>
        Continue to your schedule
      </Button>
    </form>
  );
}

/**
 * /invite/accept?token=… (and /invite-accept): joins the invited person to the team (spec 2 §2). The
 * emailed link proved their address, so accepting also signs them in; they confirm the name their
 * manager entered and go straight to the schedule, with no second email to ask for.
 */
export function InviteAcceptPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<AcceptOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { refresh } = auth;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after logging out
  useEffect(() => {
    if (!token) return;
    let active = true;
    setOutcome(null);
    void acceptInviteOnce(token).then(async (result) => {
      if (!active) return;
      if (result.status === 'accepted') {
        // Signed in by the link: the app learns about the session and the new team.
        await refresh();
        await queryClient.invalidateQueries({ queryKey: queryKeys.teams() });
        if (result.fresh) toast.success('Invitation accepted successfully!');
      }
      if (active) setOutcome(result);
    });
    return () => {
      active = false;
    };
  }, [token, attempt, refresh, queryClient]);

  async function logOutAndRetry() {
    await auth.logout({ redirect: false });
    forgetInviteOutcome(token);
    setAttempt((n) => n + 1);
  }

  if (!token) {
    return (
      <>
        <PageMeta title="Invalid invitation link" description="This invitation link is incomplete." />
        <ResultCard tone="error" title="Invalid invitation link" actions={<ErrorActions />}>
          <p>{NO_TOKEN_MESSAGE}</p>
        </ResultCard>
      </>
    );
  }

  if (!outcome) {
    return (
      <>
        <PageMeta title="Accepting invitation" description="Joining your team on Rotaboard." />
        <AuthShell>
          <div className="flex justify-center py-6">
            <Spinner label="Accepting your invitation…" />
          </div>
        </AuthShell>
      </>
    );
  }

  if (outcome.status === 'error') {
    // Someone else is signed in here: the invitation waits until they have logged out.
    const otherAccount = outcome.code === 'CONFLICT' && auth.status === 'loggedIn';
    return (
      <>
        <PageMeta title="Invitation problem" description="This invitation could not be accepted." />
        <ResultCard
          tone="error"
          title="Invitation not accepted"
          actions={
            otherAccount ? (
              <Button onClick={() => void logOutAndRetry()}>Log out and accept</Button>
            ) : (
              <ErrorActions />
            )
          }
        >
          <p>{PROBLEM_MESSAGE}</p>
          <p className="font-medium text-foreground">{outcome.message ?? ACCEPT_FAILED_MESSAGE}</p>
        </ResultCard>
      </>
    );
  }

  const { staff } = outcome;
  return (
    <>
      <PageMeta title="Invitation accepted" description="You have joined your team on Rotaboard." />
      <ResultCard tone="success" title="Invitation accepted">
        <p>
          You joined <strong className="font-semibold text-foreground">{staff.teamName}</strong> and are
          signed in as <strong className="font-semibold break-all text-foreground">{staff.email}</strong>.
        </p>
        <ConfirmName staff={staff} />
      </ResultCard>
    </>
  );
}

export default InviteAcceptPage;
