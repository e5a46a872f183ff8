import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useDeleteTeam } from '../api/team-mutations';

/** The owner deletes a team only after typing its name exactly. */
export function DeleteTeamDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteTeam();
  const ids = { input: useId(), hint: useId() };
  const matches = typed === team.teamName;

  useLayoutEffect(() => {
    if (open) setTyped('');
  }, [open]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches) return;
    try {
      await remove.mutateAsync(team.teamId);
      toast.success('Team deleted');
      onOpenChange(false);
    } catch (error) {
      showApiError(error, 'Failed to delete the team.');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete team</DialogTitle>
          <DialogDescription>
            This permanently deletes{' '}
            <strong className="font-semibold text-foreground">{team.teamName}</strong>, its staff list and its
            schedules. Members lose access to it.
          </DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <AlertDescription>This cannot be undone.</AlertDescription>
        </Alert>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor={ids.input}>Type the team name to confirm</Label>
            <Input
              id={ids.input}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={ids.hint}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              Enter <span className="font-medium text-foreground">{team.teamName}</span> exactly as shown.
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
              Delete team permanently
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
