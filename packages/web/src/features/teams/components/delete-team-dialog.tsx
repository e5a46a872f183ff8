import { zodResolver } from '@hookform/resolvers/zod';
import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { useId, useLayoutEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
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
  const remove = useDeleteTeam();
  const ids = { input: useId(), hint: useId() };
  // Not a request body (the delete call takes only the team's id): the confirmation is the name, exactly.
  const schema = useMemo(
    () => z.object({ typed: z.literal(team.teamName, 'Enter the team name exactly as shown') }),
    [team.teamName],
  );
  const form = useForm<{ typed: string }>({ resolver: zodResolver(schema), defaultValues: { typed: '' } });
  const matches = useWatch({ control: form.control, name: 'typed' }) === team.teamName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) form.reset({ typed: '' });
  }, [open]);

  const onSubmit = form.handleSubmit(async () => {
    try {
      await remove.mutateAsync(team.teamId);
      toast.success('Team deleted');
      onOpenChange(false);
    } catch (error) {
      showApiError(error, 'Failed to delete the team.');
    }
  });

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
              autoComplete="off"
              spellCheck={false}
              aria-describedby={ids.hint}
              {...form.register('typed')}
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
