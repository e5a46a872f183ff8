import { checkEmailAddress } from '@rotaboard/core/input/email';
import { CircleAlert, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';

export function EmailStep({
  isSignUp,
  sessionExpired,
  initialEmail,
  isSubmitting,
  onSubmit,
  onSwitchMode,
}: {
  isSignUp: boolean;
  sessionExpired: boolean;
  initialEmail: string;
  isSubmitting: boolean;
  onSubmit: (email: string) => void;
  onSwitchMode: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();
  // Prerendered, the form is on screen before its code: what is typed then would not reach React's
  // state, so the field takes input once the page is live (a fraction of a second later).
  const hydrated = useHydrated();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError(undefined);
      toast.error('Please enter your email address');
      return;
    }
    const checked = checkEmailAddress(email);
    if ('problem' in checked) {
      setError(checked.problem);
      return;
    }
    setError(undefined);
    onSubmit(checked.email);
  }

  return (
    <div>
      <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Mail aria-hidden="true" className="size-5" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">
        {isSignUp ? 'Create your Rotaboard account' : 'Sign in to Rotaboard'}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {isSignUp
          ? "Enter your work email and we'll send you a link to get started. No password needed."
          : "Enter your email and we'll send you a link to sign in. No password needed."}
      </p>

      {sessionExpired ? (
        <Alert variant="warning" role="alert" className="mt-5">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>Your session has expired. Please log in again.</AlertDescription>
        </Alert>
      ) : null}

      <form className="mt-6 space-y-4" onSubmit={handleSubmit} noValidate>
        <div className="space-y-2">
          <Label htmlFor={inputId}>Email address</Label>
          <Input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoFocus
            readOnly={!hydrated}
          />
          <FieldError id={errorId} message={error} />
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-current [&_svg]:size-4" /> : null}
          Continue
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {isSignUp ? 'Already have an account?' : 'New to Rotaboard?'}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onSwitchMode}>
          {isSignUp ? 'Sign in instead' : 'Create an account'}
        </Button>
      </p>
    </div>
  );
}
