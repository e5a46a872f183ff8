import { zodResolver } from '@hookform/resolvers/zod';
import { AgentRunInput, type AgentRunResult, MAX_AGENT_RUN_DAYS } from '@rotaboard/core/contracts/proposals';
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { UpgradeLink } from '../../../components/upgrade-link';
import { errorMessage, isApiError, isPlanLimitError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { agentCalls } from '../api/week-staffing-api';

type RunFormValues = { startDate: string; endDate: string; mode?: 'fill' | 'rebuild' };
type Failure = { message: string; plan: boolean };

/**
 * "Fill with agent": the period (the week on screen by default, up to 62 days) and the mode, then the
 * run, which can take seconds (the solver has a time limit): the dialog says it is working and counts
 * them. Nothing is written: the proposal opens in the grid, each change to accept or reject.
 */
export function AgentRunDialog({
  open,
  onOpenChange,
  teamId,
  startDate,
  endDate,
  isOwner,
  onProposal,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  startDate: string;
  endDate: string;
  isOwner: boolean;
  onProposal: (result: AgentRunResult) => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [running, setRunning] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const form = useForm<RunFormValues, unknown, AgentRunInput>({
    resolver: zodResolver(AgentRunInput),
    defaultValues: { startDate, endDate, mode: 'fill' },
  });
  const errors = form.formState.errors;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open && !running) {
      form.reset({ startDate, endDate, mode: form.getValues('mode') ?? 'fill' });
      setFailure(null);
    }
  }, [open]);

  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((count) => count + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);

  async function run(input: AgentRunInput) {
    setFailure(null);
    setRunning(true);
    try {
      const result = await agentCalls(teamId).run(input);
      const count = result.changes.length;
      toast.success(
        count === 0
          ? 'The agent found nothing to change'
          : `The agent proposes ${count} ${count === 1 ? 'change' : 'changes'}: accept or reject them in the grid`,
      );
      onProposal(result);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      setFailure({
        message: errorMessage(error, 'The agent could not run. Try again.'),
        plan:
          isPlanLimitError(error) ||
          (isApiError(error) && error.status === 403 && /\bPro\b/.test(error.message)),
      });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Fill with agent</DialogTitle>
          <DialogDescription>
            The agent proposes shifts that cover your coverage slots without breaking a rule. Nothing changes
            until you accept them, one by one or all at once.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={form.handleSubmit(run)} noValidate>
          <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-start`}>From</Label>
              <Input
                id={`${id}-start`}
                type="date"
                aria-invalid={errors.startDate ? true : undefined}
                aria-describedby={errors.startDate ? `${id}-start-error` : undefined}
                {...form.register('startDate')}
              />
              <FieldError id={`${id}-start-error`} message={errors.startDate?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-end`}>To</Label>
              <Input
                id={`${id}-end`}
                type="date"
                aria-invalid={errors.endDate ? true : undefined}
                aria-describedby={`${id}-end-hint${errors.endDate ? ` ${id}-end-error` : ''}`}
                {...form.register('endDate')}
              />
              <p id={`${id}-end-hint`} className="text-xs text-muted-foreground">
                Up to {MAX_AGENT_RUN_DAYS} days.
              </p>
              <FieldError id={`${id}-end-error`} message={errors.endDate?.message} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Mode</legend>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                value="fill"
                className="mt-0.5 size-4 accent-primary"
                {...form.register('mode')}
              />
              <span>
                Fill empty slots
                <span className="block text-xs text-muted-foreground">
                  Keeps every shift and adds to them.
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                value="rebuild"
                className="mt-0.5 size-4 accent-primary"
                {...form.register('mode')}
              />
              <span>
                Rebuild
                <span className="block text-xs text-muted-foreground">
                  May also propose removing shifts in the period, to cover the slots better or spread hours
                  more fairly. Locked days and time off are never touched.
                </span>
              </span>
            </label>
          </fieldset>
          {running ? (
            <Spinner
              className="text-sm"
              label={`The agent is working out the rota…${seconds > 0 ? ` ${seconds} s` : ''}`}
            />
          ) : null}
          {failure ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {failure.message}
                {failure.plan ? <UpgradeLink forOwner={isOwner} /> : null}
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={running}>
              {running ? 'Running…' : 'Run the agent'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
