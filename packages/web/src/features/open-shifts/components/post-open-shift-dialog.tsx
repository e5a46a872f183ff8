import {
  type OpenShiftInput,
  OpenShiftInput as OpenShiftSchema,
} from '@rotaboard/core/contracts/open-shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { MAX_OPEN_SHIFT_STAFF, openShiftProblem } from '@rotaboard/core/open-shifts/open-shifts';
import { useId, useLayoutEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
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
import { Textarea } from '../../../components/ui/textarea';
import { showApiError } from '../../../lib/show-api-error';
import type { OpenShiftActions } from '../api/open-shifts-api';

type Fields = {
  shiftDate: string;
  startTime: string;
  endTime: string;
  breakMinutes: string;
  role: string;
  notes: string;
  staffCount: string;
};
const defaults = (date: string): Fields => ({
  shiftDate: date,
  startTime: '09:00',
  endTime: '17:00',
  breakMinutes: '0',
  role: '',
  notes: '',
  staffCount: '1',
});

/** The form's strings as the API takes them: numbers as numbers (blank break: none). */
const toInput = (f: Fields): OpenShiftInput => ({
  ...f,
  breakMinutes: f.breakMinutes,
  staffCount: f.staffCount.trim() === '' ? Number.NaN : Number(f.staffCount),
});

/**
 * Posts an open shift: checked with the server's own rules (core OpenShiftInput, and not in the past
 * by the same `openShiftProblem`), each message under its field.
 */
export function PostOpenShiftDialog({
  open,
  onOpenChange,
  date,
  today,
  roles,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
  today: string;
  /** The team's roles, offered as suggestions. */
  roles: readonly string[];
  actions: OpenShiftActions;
}) {
  const id = useId();
  const form = useForm<Fields>({
    defaultValues: defaults(date),
    resolver: (values) => {
      const errors: FieldErrors<Fields> = {};
      const parsed = OpenShiftSchema.safeParse(toInput(values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? 'shiftDate') as keyof Fields;
          errors[name] ??= { type: 'validation', message: issue.message };
        }
      } else {
        // Yesterday, as the server: someone a time zone ahead may already be on "today".
        const problem = openShiftProblem(parsed.data, addDays(today, -1));
        if (problem) errors[problem.field] = { type: 'rule', message: problem.message };
      }
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  const { errors, isSubmitting } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) form.reset(defaults(date));
  }, [open]);

  const field = (name: keyof Fields) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...form.register(name),
  });
  const error = (name: keyof Fields) => (
    <FieldError id={`${id}-${name}-error`} message={errors[name]?.message} />
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await actions.post.mutateAsync(toInput(values));
      onOpenChange(false);
    } catch (err) {
      showApiError(err, 'Failed to post the open shift.');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Post an open shift</DialogTitle>
          <DialogDescription>
            Staff whose role fits see it on their schedule and can claim it; you approve a claim to put the
            shift on their rota.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-shiftDate`}>Date</Label>
            <Input type="date" {...field('shiftDate')} />
            {error('shiftDate')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-startTime`}>Start</Label>
              <Input type="time" {...field('startTime')} />
              {error('startTime')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-endTime`}>End</Label>
              <Input type="time" {...field('endTime')} />
              {error('endTime')}
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-breakMinutes`}>Break (minutes)</Label>
              <Input type="number" inputMode="numeric" min={0} step={5} {...field('breakMinutes')} />
              {error('breakMinutes')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-staffCount`}>People needed</Label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_OPEN_SHIFT_STAFF}
                {...field('staffCount')}
              />
              {error('staffCount')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role (optional)</Label>
            <Input list={`${id}-roles`} autoComplete="off" placeholder="Anyone" {...field('role')} />
            <datalist id={`${id}-roles`}>
              {roles.map((role) => (
                <option key={role} value={role} />
              ))}
            </datalist>
            <p className="text-xs text-muted-foreground">
              Only staff with this role (any capitals) can claim it.
            </p>
            {error('role')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
            <Textarea rows={2} {...field('notes')} />
            {error('notes')}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Post open shift
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
