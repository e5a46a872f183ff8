import { MAGIC_LINK_TTL_MINUTES } from '@rotaboard/core/auth/constants';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { completeProfileUrl, useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';
import { locationToUrl, takeReturnUrl } from '../../../lib/return-url';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import { setSelectedTeamId } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import type { CompleteProfileInput } from '../api/complete-profile';
import { requestMagicLink } from '../api/request-magic-link';
import { CheckEmailStep } from '../components/check-email-step';
import { EmailStep } from '../components/email-step';
import { destinationAfterSignIn } from '../utils/login-destination';

// Only new accounts see the profile form, and it brings the validation library with it: it loads when
// needed, so the sign-in page itself stays small.
const CompleteProfileForm = lazy(() =>
  import('../components/complete-profile-form').then((module) => ({ default: module.CompleteProfileForm })),
);

interface SentState {
  email: string;
  expiresInMinutes: number;
  resendDeadline: number;
}

function isRecentlySent(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429 && /recently sent/i.test(error.message);
}

function deadlineIn(seconds: number): number {
  return Date.now() + seconds * 1000;
}

export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();

  const promptForTeam = params.get('shouldPromptForTeamCreation') === 'true';
  const inviteTeamId = params.get('inviteTeamId');
  // The page is prerendered as a plain "Log in" (scripts/prerender.mjs): what the query string, the
  // navigation state and storage say is applied once hydrated, so the first render matches the HTML.
  const hydrated = useHydrated();
  const completing = hydrated && params.get('completeProfile') === 'true';
  const sessionExpired = hydrated && params.get('expired') === 'true';
  const returnUrl = params.get('returnUrl');

  const stateSignUp = (location.state as { isSignUp?: unknown } | null)?.isSignUp === true;
  // null until the visitor (or the header's links) chose; then their choice.
  const [chosenSignUp, setIsSignUp] = useState<boolean | null>(null);
  const isSignUp =
    chosenSignUp ?? (hydrated && (stateSignUp || readStorage(STORAGE_KEYS.isSigningUp) === 'true'));
  const [sent, setSent] = useState<SentState | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [isSavingProfile, setIsSavingProfile] = useState(false);
  const finishing = useRef(false);

  // Navigation state decides the mode when present (the header's "Sign up" and "Log in" links).
  useEffect(() => {
    if (location.state && typeof location.state === 'object' && 'isSignUp' in location.state) {
      setIsSignUp(stateSignUp);
    }
  }, [location.state, stateSignUp]);

  useEffect(() => {
    // Not before the stored choice has been read: the prerendered "Log in" would forget it.
    if (!hydrated) return;
    if (isSignUp) writeStorage(STORAGE_KEYS.isSigningUp, 'true');
    else removeStorage(STORAGE_KEYS.isSigningUp);
  }, [isSignUp, hydrated]);

  // Already signed in (perhaps from the emailed link in another tab): carry on.
  useEffect(() => {
    if (auth.status !== 'loggedIn' || finishing.current) return;
    if (auth.needsProfileCompletion) {
      if (!completing) {
        navigate(completeProfileUrl({ shouldPromptForTeamCreation: auth.shouldPromptForTeamCreation }), {
          replace: true,
        });
      }
      return;
    }
    removeStorage(STORAGE_KEYS.isSigningUp);
    navigate(takeReturnUrl(returnUrl) ?? locationToUrl(location.state?.from) ?? '/schedule', {
      replace: true,
    });
  }, [
    auth.status,
    auth.needsProfileCompletion,
    auth.shouldPromptForTeamCreation,
    completing,
    navigate,
    returnUrl,
    location.state,
  ]);

  async function sendLink(email: string, mode: 'send' | 'resend') {
    setIsSending(true);
    try {
      const response = await requestMagicLink(email);
      setSent({
        email,
        expiresInMinutes: response.expiresInMinutes || MAGIC_LINK_TTL_MINUTES,
        resendDeadline: deadlineIn(response.resendAfterSeconds),
      });
      if (mode === 'resend') toast.success('New magic link sent to your email');
    } catch (error) {
      if (isRecentlySent(error)) {
        setSent({
          email,
          expiresInMinutes: MAGIC_LINK_TTL_MINUTES,
          resendDeadline: deadlineIn(error.retryAfterSeconds ?? 0),
        });
        toast.info('A magic link was already sent to your email. Please check your email.');
      } else {
        const description = error instanceof ApiError && error.status === 429 ? error.message : undefined;
        toast.error(
          mode === 'resend'
            ? 'Failed to resend magic link. Please try again.'
            : 'Failed to send magic link. Please try again.',
          description ? { description } : undefined,
        );
      }
    } finally {
      setIsSending(false);
    }
  }

  async function submitProfile(input: CompleteProfileInput) {
    setIsSavingProfile(true);
    finishing.current = true;
    try {
      const { completeProfile } = await import('../api/complete-profile');
      const team = await completeProfile(input);
      if (team) setSelectedTeamId(team.teamId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.teams() });
      await auth.refresh();
      toast.success('Account created successfully!');
      const destination = destinationAfterSignIn({
        isNewUser: !inviteTeamId,
        hasAcceptedInvite: Boolean(inviteTeamId),
        inviteTeamId,
      });
      navigate(destination, { replace: true });
    } catch (error) {
      finishing.current = false;
      const description = error instanceof ApiError && error.status === 400 ? error.message : undefined;
      toast.error(
        'Failed to create your account. Please try again.',
        description ? { description } : undefined,
      );
    } finally {
      setIsSavingProfile(false);
    }
  }

  if (completing) {
    if (auth.status === 'initializing') return <PageSpinner />;
    if (auth.status === 'loggedOut') return <Navigate to="/login" replace />;
    return (
      <>
        <PageMeta title="Complete your profile" description="Finish setting up your Rotaboard account." />
        <AuthShell>
          <Suspense fallback={<PageSpinner />}>
            <CompleteProfileForm
              promptForTeam={promptForTeam}
              initialFirstName={auth.user?.firstName ?? ''}
              initialLastName={auth.user?.lastName ?? ''}
              isSubmitting={isSavingProfile}
              onSubmit={submitProfile}
            />
          </Suspense>
        </AuthShell>
      </>
    );
  }

  return (
    <>
      <PageMeta
        title={isSignUp ? 'Sign up' : 'Log in'}
        description="Sign in to Rotaboard with a link sent to your email. No password needed."
      />
      <AuthShell>
        {sent ? (
          <CheckEmailStep
            email={sent.email}
            expiresInMinutes={sent.expiresInMinutes}
            resendDeadline={sent.resendDeadline}
            isResending={isSending}
            onResend={() => void sendLink(sent.email, 'resend')}
            onBack={() => setSent(null)}
          />
        ) : (
          <EmailStep
            isSignUp={isSignUp}
            sessionExpired={sessionExpired}
            initialEmail={lastEmail}
            isSubmitting={isSending}
            onSubmit={(email) => {
              setLastEmail(email);
              void sendLink(email, 'send');
            }}
            onSwitchMode={() => setIsSignUp(!isSignUp)}
          />
        )}
      </AuthShell>
    </>
  );
}

export default LoginPage;
