import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { completeProfileUrl, useAuth } from '../../../lib/auth-context';
import { broadcastAuthEvent } from '../../../lib/auth-events';
import { isSessionKey } from '../../../lib/query-keys';
import { verifyMagicLinkOnce } from '../api/verify-magic-link';
import { destinationAfterSignIn } from '../utils/login-destination';

export function VerifyPage() {
  const { token = '' } = useParams();
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    verifyMagicLinkOnce(token)
      .then(async (result) => {
        if (!active) return;
        // Anything cached belonged to whoever was signed in before this link.
        queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
        await refresh();
        if (!active) return;
        broadcastAuthEvent({ type: 'login' });
        if (result.needsProfileCompletion) {
          navigate(
            completeProfileUrl({
              shouldPromptForTeamCreation: result.shouldPromptForTeamCreation,
              inviteTeamId: result.hasAcceptedInvite ? result.inviteTeamId : null,
            }),
            { replace: true },
          );
          return;
        }
        navigate(destinationAfterSignIn(result, { state: location.state?.from }), { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setFailure(
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'Magic link verification failed. Please try to log in again.',
        );
      });
    return () => {
      active = false;
    };
  }, [token, refresh, navigate, queryClient, location.state]);

  if (failure) {
    return (
      <>
        <PageMeta title="Invalid magic link" description="This sign-in link could not be used." />
        <ResultCard
          tone="error"
          title="Invalid magic link"
          actions={<Button onClick={() => navigate('/login')}>Back to log in</Button>}
        >
          <p>{failure}</p>
        </ResultCard>
      </>
    );
  }

  return (
    <>
      <PageMeta title="Signing you in" description="Checking your sign-in link." />
      <AuthShell>
        <div className="flex justify-center py-6">
          <Spinner label="Signing you in…" />
        </div>
      </AuthShell>
    </>
  );
}

export default VerifyPage;
