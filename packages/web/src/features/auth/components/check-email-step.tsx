import { formatCountdown } from '@rotaboard/core/auth/countdown';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

export function CheckEmailStep({
  email,
  expiresInMinutes,
  resendDeadline,
  isResending,
  onResend,
  onBack,
}: {
  email: string;
  expiresInMinutes: number;
  /** When another link may be requested (ms since the epoch). */
  resendDeadline: number;
  isResending: boolean;
  onResend: () => void;
  onBack: () => void;
}) {
  const [remaining, setRemaining] = useState(() => secondsUntil(resendDeadline));

  useEffect(() => {
    setRemaining(secondsUntil(resendDeadline));
    const timer = setInterval(() => {
      const left = secondsUntil(resendDeadline);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [resendDeadline]);

  return (
    <div>
      <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck aria-hidden="true" className="size-5" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
      <div className="mt-3 space-y-2 text-sm text-muted-foreground">
        <p>
          We sent a sign-in link to{' '}
          <strong className="font-semibold break-all text-foreground">{email}</strong>. Open it on this device
          to continue.
        </p>
        <p>Can't find it? Check your spam or junk folder.</p>
        <p>The link expires in {expiresInMinutes} minutes.</p>
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <Button variant="outline" disabled={remaining > 0 || isResending} onClick={onResend}>
          {remaining > 0 ? `Resend link in ${formatCountdown(remaining)}` : 'Resend link'}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to email
        </Button>
      </div>
    </div>
  );
}
