import { MAX_TEAM_NAME_LENGTH } from '@rotaboard/core/contracts/teams';
import { UpdateProfileInput } from '@rotaboard/core/contracts/users';
import { teamNameOrDefault } from '@rotaboard/core/teams/default-team-name';
import { UserRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import type { CompleteProfileInput } from '../api/complete-profile';

type Errors = Partial<Record<'firstName' | 'lastName' | 'teamName', string>>;

export function CompleteProfileForm({
  promptForTeam,
  initialFirstName,
  initialLastName,
  isSubmitting,
  onSubmit,
}: {
  promptForTeam: boolean;
  initialFirstName: string;
  initialLastName: string;
  isSubmitting: boolean;
  onSubmit: (input: CompleteProfileInput) => void;
}) {
  const [firstName, setFirstName] = useState(initialFirstName);
  const [lastName, setLastName] = useState(initialLastName);
  const [teamName, setTeamName] = useState('');
  const [includeMe, setIncludeMe] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const ids = { first: useId(), last: useId(), team: useId(), include: useId(), errors: useId() };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim()) {
      toast.error('Please fill in all required fields');
      return;
    }
    const next: Errors = {};
    const parsed = UpdateProfileInput.safeParse({ firstName, lastName });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'firstName' || key === 'lastName') && !next[key]) next[key] = issue.message;
      }
    }
    if (promptForTeam && teamName.trim().length > MAX_TEAM_NAME_LENGTH) {
      next.teamName = `Team name can be at most ${MAX_TEAM_NAME_LENGTH} characters`;
    }
    setErrors(next);
    if (!parsed.success || next.teamName) return;
    onSubmit({
      ...parsed.data,
      ...(promptForTeam ? { team: { teamName, ownerInStaffList: includeMe } } : {}),
    });
  }

  const describedBy = (key: keyof Errors) => (errors[key] ? `${ids.errors}-${key}` : undefined);

  return (
    <div>
      <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <UserRound aria-hidden="true" className="size-5" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Complete your profile</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Tell us your name so your team knows who you are{promptForTeam ? ', and name your first team' : ''}.
      </p>
      <form className="mt-6 space-y-4" onSubmit={handleSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={ids.first}>First name</Label>
            <Input
              id={ids.first}
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
              aria-required="true"
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={describedBy('firstName')}
              autoFocus
            />
            <FieldError id={`${ids.errors}-firstName`} message={errors.firstName} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.last}>Last name</Label>
            <Input
              id={ids.last}
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
              aria-required="true"
              aria-invalid={errors.lastName ? true : undefined}
              aria-describedby={describedBy('lastName')}
            />
            <FieldError id={`${ids.errors}-lastName`} message={errors.lastName} />
          </div>
        </div>

        {promptForTeam ? (
          <>
            <div className="space-y-2">
              <Label htmlFor={ids.team}>
                Team name <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input
                id={ids.team}
                autoComplete="organization"
                placeholder={teamNameOrDefault(null, firstName)}
                value={teamName}
                onChange={(event) => setTeamName(event.target.value)}
                aria-invalid={errors.teamName ? true : undefined}
                aria-describedby={describedBy('teamName')}
              />
              <FieldError id={`${ids.errors}-teamName`} message={errors.teamName} />
            </div>
            <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-3">
              <Checkbox
                id={ids.include}
                checked={includeMe}
                onCheckedChange={(checked) => setIncludeMe(checked === true)}
                className="mt-0.5"
              />
              <div className="space-y-1">
                <Label htmlFor={ids.include}>Include me in the staff list</Label>
                <p className="text-xs text-muted-foreground">
                  Turn this off if you manage the rota but don't work shifts yourself.
                </p>
              </div>
            </div>
          </>
        ) : null}

        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-current [&_svg]:size-4" /> : null}
          Create Account
        </Button>
      </form>
    </div>
  );
}
