import type { UserDto } from '@rotaboard/core/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { api, unwrap } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { SettingsSection } from './settings-section';

/** Request emails on or off (issue 13): "a request arrived" for administrators, "yours was decided" for staff. */
export function NotificationsSection({ user }: { user: UserDto }) {
  const id = useId();
  const { refresh } = useAuth();
  const save = useMutation({
    mutationFn: (requestEmails: boolean) =>
      unwrap(api.PUT('/api/users/me/preferences', { body: { requestEmails } })),
    onSuccess: async (_, requestEmails) => {
      await refresh();
      toast.success(requestEmails ? 'Request emails are on' : 'Request emails are off');
    },
    onError: (error) => showApiError(error, 'Failed to save your email preferences.'),
  });
  const checked = save.isPending ? save.variables : user.requestEmails;
  return (
    <SettingsSection
      id="settings-notifications"
      title="Email notifications"
      description="Schedule changes on locked weeks are always emailed; request emails are up to you."
    >
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate(value === true)}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor={id}>Request emails</Label>
          <p className="text-sm text-muted-foreground">
            When someone sends a request to a team you run, and when a request of yours is approved or
            rejected.
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
