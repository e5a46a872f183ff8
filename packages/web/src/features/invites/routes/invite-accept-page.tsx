import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { ACCEPT_FAILED_MESSAGE, type AcceptOutcome, acceptInviteOnce } from '../api/accept-invite';

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

/** /invite/accept?token=… (and /invite-accept): joins the invited person to the team (spec 2 §2). */
export function InviteAcceptPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<AcceptOutcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    setOutcome(null);
    void acceptInviteOnce(token).then((result) => {
      if (!active) return;
      setOutcome(result);
      if (result.status === 'accepted' && result.fresh) toast.success('Invitation accepted successfully!');
    });
    return () => {
      active = false;
    };
  }, [token]);

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
    return (
      <>
        <PageMeta title="Invitation problem" description="This invitation could not be accepted." />
        <ResultCard tone="error" title="Invitation not accepted" actions={<ErrorActions />}>
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
      <ResultCard
        tone="success"
        title="Invitation accepted"
        actions={
          <Button asChild>
            <Link to="/login">Log in</Link>
          </Button>
        }
      >
        <p>
          You joined <strong className="font-semibold text-foreground">{staff.teamName}</strong>.
        </p>
        <p>
          Log in with <strong className="font-semibold break-all text-foreground">{staff.email}</strong> to
          see your schedule.
        </p>
      </ResultCard>
    </>
  );
}

export default InviteAcceptPage;
