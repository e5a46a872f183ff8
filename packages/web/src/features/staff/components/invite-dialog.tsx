import { zodResolver } from '@hookform/resolvers/zod';
import { InviteInput, type StaffDto } from '@rotaboard/core/contracts/staff';
import { useId, useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useInviteStaff } from '../api/staff-api';

/** Emails someone a link to join the team, so they can log in and see their shifts. */
// Core's invitation body less the staff id, which is the member the dialog is for.
const InviteForm = InviteInput.pick({ email: true });
type InviteFormValues = { email: string };

export function InviteDialog({
  teamId,
  teamName,
  member,
  open,
  onOpenChange,
}: {
  teamId: string;
  teamName: string;
  member: StaffDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteStaff(teamId);
  const ids = { email: useId(), error: useId() };
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(InviteForm),
    defaultValues: { email: member.email ?? '' },
  });
  const error = form.formState.errors.email?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) form.reset({ email: member.email ?? '' });
  }, [open]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const updated = await invite.mutateAsync({ staffId: member.staffId, email });
      toast.success(`Invitation sent to ${updated.email ?? email}`);
      onOpenChange(false);
    } catch (failure) {
      showApiError(failure, 'Failed to send the invitation.');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite {member.fullName}</DialogTitle>
          <DialogDescription>
            We'll email them a link to join {teamName}. Once they accept, they can log in to see their shifts.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor={ids.email}>Email address</Label>
            <Input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              {...form.register('email')}
            />
            <FieldError id={ids.error} message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
