import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDto } from '@rotaboard/core/contracts/users';
import { UpdateProfileInput } from '@rotaboard/core/contracts/users';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';

export function ProfileSection({ user }: { user: UserDto }) {
  const ids = { first: useId(), last: useId(), firstError: useId(), lastError: useId() };
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(UpdateProfileInput),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    form.reset({ firstName: user.firstName, lastName: user.lastName });
  }, [user.firstName, user.lastName, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Profile updated');
    } catch (error) {
      showApiError(error, 'Failed to update your profile. Please try again.');
    }
  });

  return (
    <SettingsSection id="settings-profile" title="Profile" description="Your name as your team sees it.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={ids.first}>First name</Label>
            <Input
              id={ids.first}
              autoComplete="given-name"
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={errors.firstName ? ids.firstError : undefined}
              {...form.register('firstName')}
            />
            <FieldError id={ids.firstError} message={errors.firstName?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.last}>Last name</Label>
            <Input
              id={ids.last}
              autoComplete="family-name"
              aria-invalid={errors.lastName ? true : undefined}
              aria-describedby={errors.lastName ? ids.lastError : undefined}
              {...form.register('lastName')}
            />
            <FieldError id={ids.lastError} message={errors.lastName?.message} />
          </div>
        </div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          Save changes
        </Button>
      </form>
    </SettingsSection>
  );
}
