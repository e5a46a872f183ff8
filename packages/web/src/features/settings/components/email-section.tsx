import { zodResolver } from '@hookform/resolvers/zod';
import { InitiateEmailChangeInput } from '@rotaboard/core/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import {
  emailChangeStatusQueryOptions,
  useCancelEmailChange,
  useInitiateEmailChange,
} from '../api/email-change';
import { SettingsSection } from './settings-section';

const STAGE_TEXT = {
  awaiting_new_email_verification: 'Waiting for you to open the verification link sent to the new address.',
  awaiting_old_email_confirmation:
    'Waiting for you to open the confirmation link sent to your current address.',
} as const;

export function EmailSection({ currentEmail }: { currentEmail: string }) {
  const ids = { input: useId(), error: useId() };
  // Core's body, and not the address already held (compared as the schema normalises it).
  const schema = useMemo(
    () =>
      InitiateEmailChangeInput.refine((input) => input.newEmail !== currentEmail.toLowerCase(), {
        message: 'That is already your email address',
        path: ['newEmail'],
      }),
    [currentEmail],
  );
  const form = useForm<{ newEmail: string }, unknown, { newEmail: string }>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: '' },
  });
  const error = form.formState.errors.newEmail?.message;
  const status = useQuery(emailChangeStatusQueryOptions());
  const initiate = useInitiateEmailChange();
  const cancel = useCancelEmailChange();
  const pending = status.data?.hasPendingChange ? status.data : null;

  const handleSubmit = form.handleSubmit(async ({ newEmail }) => {
    try {
      const response = await initiate.mutateAsync(newEmail);
      toast.success(response.message);
      form.reset({ newEmail: '' });
    } catch (err) {
      showApiError(err, 'Failed to start the email change. Please try again.');
    }
  });

  async function handleCancel() {
    try {
      const response = await cancel.mutateAsync();
      toast.success(response.message);
    } catch (err) {
      showApiError(err, 'Failed to cancel the email change. Please try again.');
    }
  }

  return (
    <SettingsSection
      id="settings-email"
      title="Email address"
      description="The address you sign in with. Changing it takes two emailed confirmations."
    >
      <p className="text-sm">
        Current email: <strong className="font-semibold break-all">{currentEmail}</strong>
      </p>

      {pending ? (
        <Alert variant="info" className="mt-4">
          <Clock aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <AlertTitle>
              Pending change to <span className="break-all">{pending.newEmail}</span>
            </AlertTitle>
            <AlertDescription>
              <p>{pending.stage ? STAGE_TEXT[pending.stage] : 'Waiting for confirmation.'}</p>
              {pending.expiresAt ? (
                <p className="mt-1 text-xs opacity-80">
                  The links expire{' '}
                  {new Date(pending.expiresAt).toLocaleString('en-GB', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                  .
                </p>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                disabled={cancel.isPending}
                onClick={() => void handleCancel()}
              >
                Cancel change
              </Button>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}

      <form className="mt-4 space-y-2" onSubmit={handleSubmit} noValidate>
        <Label htmlFor={ids.input}>New email address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={ids.input}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            {...form.register('newEmail')}
          />
          <Button type="submit" variant="outline" disabled={initiate.isPending}>
            Change email
          </Button>
        </div>
        <FieldError id={ids.error} message={error} />
      </form>
    </SettingsSection>
  );
}
