import type { ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateRange, formatShortDate } from '../../../lib/dates';
import { useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import { coverageText } from '../utils/grid-marks';

/**
 * The week's broken rules, each with its sentence and a way to the shift, and the coverage slots left
 * short. Loaded when first opened (week tools → Rules).
 */
export function RulesPanel({
  open,
  onOpenChange,
  startDate,
  endDate,
  result,
  loading,
  error,
  shifts,
  onShowShift,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  startDate: string;
  endDate: string;
  result: ValidatePeriodResult | undefined;
  loading: boolean;
  /** Why the week could not be checked, or null. */
  error: string | null;
  /** The loaded entries, to open a violation's shift in the editor. */
  shifts: readonly ShiftDto[];
  onShowShift: (shift: ShiftDto) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const hour12 = useHour12();
  const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
  const short = (result?.coverage ?? []).filter((slot) => slot.assigned < slot.needed);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel="Close rules"
        className="max-w-[24rem] overflow-y-auto"
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      >
        <SheetTitle>Rules this week</SheetTitle>
        <SheetDescription>
          {formatDateRange(startDate, endDate)} checked against the team's staffing rules and coverage.
        </SheetDescription>
        {loading && !result ? <Spinner label="Checking the week…" /> : null}
        {error ? <p className="text-sm text-destructive">{error}</p> : null}
        {result ? (
          <>
            <p className="text-sm">
              {result.summary.violations === 0
                ? 'No rule is broken this week.'
                : `${result.summary.violations} broken ${result.summary.violations === 1 ? 'rule' : 'rules'}, ${result.summary.strictViolations} strict.`}{' '}
              {result.summary.slotsNeeded > 0
                ? `Coverage: ${result.summary.slotsFilled} of ${result.summary.slotsNeeded} places filled.`
                : 'No coverage slots are set.'}
            </p>
            {result.violations.length > 0 ? (
              <ul className="grid gap-2" aria-label="Broken rules">
                {result.violations.map((violation, index) => {
                  const shift = violation.shiftIds.map((shiftId) => byId.get(shiftId)).find(Boolean);
                  return (
                    <li
                      // Sentences can repeat (two people, same words): the position keeps keys apart.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is redrawn whole
                      key={index}
                      className={cn(
                        'rounded-md border-l-4 bg-muted/40 px-3 py-2 text-sm',
                        violation.strict ? 'border-red-600' : 'border-amber-500',
                      )}
                    >
                      <span
                        className={cn(
                          'mr-1 text-xs font-semibold uppercase',
                          violation.strict
                            ? 'text-red-700 dark:text-red-300'
                            : 'text-amber-800 dark:text-amber-300',
                        )}
                      >
                        {violation.strict ? 'Strict' : 'Warning'}
                      </span>
                      {violation.message}
                      {shift ? (
                        <button
                          type="button"
                          className="mt-1 block text-xs font-medium text-primary underline-offset-4 hover:underline"
                          onClick={() => {
                            onOpenChange(false);
                            onShowShift(shift);
                          }}
                        >
                          Open the shift on {formatShortDate(shift.shiftDate)}
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {short.length > 0 ? (
              <div>
                <h3 className="text-sm font-medium">Short of staff</h3>
                <ul className="mt-1 grid gap-1 text-sm text-muted-foreground">
                  {short.map((slot) => (
                    <li key={`${slot.date}${slot.startTime}${slot.endTime}${slot.role ?? ''}`}>
                      {formatShortDate(slot.date)}: {coverageText(slot, hour12)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
