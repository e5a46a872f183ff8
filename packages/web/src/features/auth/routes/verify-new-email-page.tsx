import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { verifyNewEmailOnce } from '../api/email-change-links';

type State =
  | { kind: 'pending' }
  | { kind: 'success'; message: string; currentEmail: string; newEmail: string }
  | { kind: 'error'; title: string; message: string };

export function VerifyNewEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let active = true;
    verifyNewEmailOnce(token)
      .then((result) => {
        if (active) setState({ kind: 'success', ...result });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const isBadLink = error instanceof ApiError && error.status === 400;
        setState({
          kind: 'error',
          title: isBadLink ? 'Invalid verification link' : 'Failed to verify new email',
          message:
            error instanceof ApiError && error.status !== 0 && isBadLink
              ? error.message
              : 'Please try again, or start the change again from Settings.',
        });
      });
    return () => {
      active = false;
    };
  }, [token]);

  const settingsButton = <Button onClick={() => navigate('/settings')}>Go to Settings</Button>;

  return (
    <>
      <PageMeta title="Verify your new email" description="Confirm the new email address for your account." />
      {state.kind === 'pending' ? (
        <AuthShell>
          <div className="flex justify-center py-6">
            <Spinner label="Verifying your new email address…" />
          </div>
        </AuthShell>
      ) : state.kind === 'success' ? (
        <ResultCard tone="success" title="New email address verified" actions={settingsButton}>
          <p className="text-foreground">{state.message}</p>
          <dl className="mx-auto grid max-w-xs grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left">
            <dt>Current email</dt>
            <dd className="font-medium break-all text-foreground">{state.currentEmail}</dd>
            <dt>New email</dt>
            <dd className="font-medium break-all text-foreground">{state.newEmail}</dd>
          </dl>
          <p>
            One more step: we sent a confirmation link to your current address,{' '}
            <strong className="text-foreground">{state.currentEmail}</strong>. Open it to finish the change.
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

export default VerifyNewEmailPage;
