import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { toast } from '../../../lib/toast';
import { confirmEmailChangeOnce } from '../api/email-change-links';

type State =
  | { kind: 'pending' }
  | { kind: 'success'; message: string; newEmail: string }
  | { kind: 'error'; title: string; message: string };

export function ConfirmEmailChangePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { status, refresh } = useAuth();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let active = true;
    confirmEmailChangeOnce(token)
      .then((result) => {
        if (!active) return;
        setState({ kind: 'success', message: result.message, newEmail: result.newEmail });
        toast.success('Email address updated successfully!', { id: `email-changed-${token}` });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const isBadLink = error instanceof ApiError && error.status === 400;
        const isTaken = error instanceof ApiError && error.status === 409;
        setState({
          kind: 'error',
          title: isBadLink ? 'Invalid confirmation link' : 'Failed to confirm email change',
          message:
            (isBadLink || isTaken) && error instanceof ApiError
              ? error.message
              : 'Please try again, or start the change again from Settings.',
        });
      });
    return () => {
      active = false;
    };
  }, [token]);

  // The signed-in user's email has changed: show the new one everywhere.
  const succeeded = state.kind === 'success';
  useEffect(() => {
    if (succeeded && status === 'loggedIn') void refresh();
  }, [succeeded, status, refresh]);

  const settingsButton = (
    <Button variant={succeeded ? 'outline' : 'default'} onClick={() => navigate('/settings')}>
      Go to Settings
    </Button>
  );

  return (
    <>
      <PageMeta
        title="Confirm email change"
        description="Confirm the change of your account's email address."
      />
      {state.kind === 'pending' ? (
        <AuthShell>
          <div className="flex justify-center py-6">
            <Spinner label="Confirming your email change…" />
          </div>
        </AuthShell>
      ) : state.kind === 'success' ? (
        <ResultCard
          tone="success"
          title="Email address updated"
          actions={
            <>
              <Button onClick={() => navigate('/logout/all')}>Logout All Devices</Button>
              {settingsButton}
            </>
          }
        >
          <p className="text-foreground">{state.message}</p>
          <p>
            For your security we recommend logging out of all devices, so any session opened with your old
            address ends.
          </p>
        </ResultCard>
      ) : (
        <ResultCard tone="error" title={state.title} actions={settingsButton}>
          <p>{state.message}</p>
        </ResultCard>
      )}
    </>
  );
}

export default ConfirmEmailChangePage;
