import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays } from '@rotaboard/core/dates/week';
import { SWAP_MESSAGES } from '@rotaboard/core/requests/swaps';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { useId, useState } from 'react';
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
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { chipTimeText } from '../../../lib/schedule-grid';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useOfferShift } from '../api/offer-shift';

type Mode = 'swap' | 'give_away';
const ANYONE = 'anyone';

/**
 * Swap or give away one's own shift (issue 27): for a colleague's shift in the week shown, or to a
 * colleague or anyone. The colleague accepts first (when one is named), then an administrator decides;
 * the server checks every rule again, so this only offers what can be asked.
 */
export function OfferShiftDialog({
  open,
  onOpenChange,
  teamId,
  shift,
  staff,
  shifts,
  myStaffId,
  today,
  lockedUntil,
  onCallInSick = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId: string;
  shift: ShiftDto | null;
  staff: readonly StaffDto[];
  shifts: readonly ShiftDto[];
  myStaffId: string | null;
  today: string;
  lockedUntil: string | null;
  /** "Call in sick" instead (issue 44, Pro): closes this dialog and opens the sick call's. */
  onCallInSick?: ((shift: ShiftDto) => void) | null;
}) {
  const id = useId();
  const hour12 = useHour12();
  const [mode, setMode] = useState<Mode>('swap');
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const offer = useOfferShift(teamId);
  const nameOf = new Map(staff.map((member) => [member.staffId, member.fullName]));
  // Colleagues who can answer: joined (they accept in the app) and on the team that day.
  const joined = new Set(staff.filter((m) => m.userId && m.staffId !== myStaffId).map((m) => m.staffId));
  const swappable = shift
    ? shifts
        .filter(
          (s) =>
            joined.has(s.staffId) &&
            !s.isTimeOff &&
            s.shiftDate >= today &&
            !isDateLocked(s.shiftDate, lockedUntil) &&
            isActiveOn(staff.find((m) => m.staffId === s.staffId)?.leavingDate ?? null, shift.shiftDate),
        )
        .sort((a, b) => `${a.shiftDate}${a.startTime}`.localeCompare(`${b.shiftDate}${b.startTime}`))
    : [];
  const colleagues = shift
    ? staff.filter((m) => joined.has(m.staffId) && isActiveOn(m.leavingDate, shift.shiftDate))
    : [];
  const locked = shift ? isDateLocked(shift.shiftDate, lockedUntil) : false;

  function close(next: boolean) {
    if (offer.isPending) return;
    if (!next) {
      setMode('swap');
      setTarget('');
      setProblem(null);
      offer.reset();
    }
    onOpenChange(next);
  }

  function submit() {
    if (!shift) return;
    if (!target) {
      setProblem(mode === 'swap' ? SWAP_MESSAGES.sameShift : 'Pick a colleague, or Anyone');
      return;
    }
    const input =
      mode === 'swap'
        ? { requestType: 'swap' as const, shiftId: shift.shiftId, targetShiftId: target }
        : {
            requestType: 'give_away' as const,
            shiftId: shift.shiftId,
            targetStaffId: target === ANYONE ? null : target,
          };
    offer.mutate(input, {
      onSuccess: (request) => {
        toast.success(
          request.status === 'awaiting_colleague'
            ? `Request sent: ${request.targetStaffName ?? 'your colleague'} answers first`
            : 'Request sent to your administrators',
        );
        close(false);
      },
    });
  }

  const what = shift ? `${formatLongDate(shift.shiftDate)}, ${chipTimeText(shift, hour12)}` : '';
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Swap or give away</DialogTitle>
          <DialogDescription>Your shift on {what}.</DialogDescription>
        </DialogHeader>
        {locked ? (
          <Alert role="status">
            <AlertDescription>
              This day is locked: the shift can no longer change. Ask an administrator.
            </AlertDescription>
          </Alert>
        ) : (
          <form
            id={`${id}-form`}
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">What would you like?</legend>
              <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
                {(
                  [
                    ['swap', 'Swap'],
                    ['give_away', 'Give away'],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      mode === value ? 'bg-card shadow-sm' : 'text-muted-foreground',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-mode`}
                      className="sr-only"
                      checked={mode === value}
                      onChange={() => {
                        setMode(value);
                        setTarget('');
                        setProblem(null);
                      }}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {mode === 'swap' ? (
              swappable.length === 0 ? (
                <p className="rounded-md border border-dashed border-border px-3 py-4 text-sm text-muted-foreground">
                  No colleague has a shift this week to swap with. Go to another week on the schedule to see
                  theirs, or give the shift away.
                </p>
              ) : (
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-target`}>Colleague’s shift</Label>
                  <Select
                    id={`${id}-target`}
                    value={target}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-problem` : undefined}
                    onChange={(event) => {
                      setTarget(event.target.value);
                      setProblem(null);
                    }}
                  >
                    <option value="">Choose a shift…</option>
                    {swappable.map((s) => (
                      <option key={s.shiftId} value={s.shiftId}>
                        {nameOf.get(s.staffId)} · {formatLongDate(s.shiftDate)}, {chipTimeText(s, hour12)}
                      </option>
                    ))}
                  </Select>
                  <FieldError id={`${id}-problem`} message={problem ?? undefined} />
                </div>
              )
            ) : (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-taker`}>Give it to</Label>
                <Select
                  id={`${id}-taker`}
                  value={target}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-problem` : `${id}-anyone`}
                  onChange={(event) => {
                    setTarget(event.target.value);
                    setProblem(null);
                  }}
                >
                  <option value="">Choose…</option>
                  <option value={ANYONE}>Anyone (an open shift once approved)</option>
                  {colleagues.map((m) => (
                    <option key={m.staffId} value={m.staffId}>
                      {m.fullName}
                    </option>
                  ))}
                </Select>
                <FieldError id={`${id}-problem`} message={problem ?? undefined} />
                <p id={`${id}-anyone`} className="text-xs text-muted-foreground">
                  A colleague you name accepts first; then an administrator decides.
                </p>
              </div>
            )}
            {offer.isError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>
                  {errorMessage(offer.error, 'Failed to send the request.')}
                </AlertDescription>
              </Alert>
            ) : null}
          </form>
        )}
        <DialogFooter>
          {/* Yesterday's too: an overnight shift may still be under way (the server says when it is over). */}
          {onCallInSick && shift && !shift.isTimeOff && shift.shiftDate >= addDays(today, -1) ? (
            <Button
              variant="outline"
              className="sm:mr-auto"
              aria-haspopup="dialog"
              disabled={offer.isPending}
              onClick={() => {
                close(false);
                onCallInSick(shift);
              }}
            >
              Call in sick
            </Button>
          ) : null}
          <Button variant="outline" disabled={offer.isPending} onClick={() => close(false)}>
            Cancel
          </Button>
          {locked ? null : (
            <Button
              type="submit"
              form={`${id}-form`}
              disabled={offer.isPending || (mode === 'swap' && swappable.length === 0)}
            >
              {offer.isPending ? <Spinner className="size-4" /> : null}
              Send request
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
