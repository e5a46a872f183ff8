import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays } from '@rotaboard/core/dates/week';
import { notificationAudience } from '@rotaboard/core/shifts/notify';
import { useMemo, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/dates';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { shiftCalls } from '../api/schedule-api';

// Loaded when first opened (the page loads the editor on idle; these are rarer).
const ConfirmDialog = lazyDialog(() =>
  import('../../../components/confirm-dialog').then((module) => module.ConfirmDialog),
);

export type WeekTool = 'copy' | 'clear' | 'notify';

/**
 * The week tools' confirmations: email staff about the week (naming who will and will not be told),
 * copy it to the next week (time off only if asked), clear it.
 */
export function WeekToolDialogs({
  tool,
  onClose,
  teamId,
  dates,
  staff,
  shifts,
  onChanged,
}: {
  tool: WeekTool | null;
  onClose: () => void;
  teamId: string;
  dates: readonly string[];
  /** Everyone on the team, and the loaded entries (the week and a day either side). */
  staff: readonly StaffDto[];
  shifts: readonly ShiftDto[];
  /** The week was copied or cleared: fetch it again. */
  onChanged: () => void;
}) {
  const [copyTimeOff, setCopyTimeOff] = useState(false);
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  const calls = shiftCalls(teamId);
  // Who "Notify staff" would email: everyone with an entry this week, less those without an address.
  const audience = useMemo(() => {
    const withEntries = new Set(
      shifts.filter((shift) => dates.includes(shift.shiftDate)).map((shift) => shift.staffId),
    );
    return notificationAudience(staff.filter((member) => withEntries.has(member.staffId)));
  }, [shifts, staff, dates]);

  async function notifyStaff() {
    try {
      const result = await calls.notifyWeek(start, end);
      toast.success(result.message);
    } catch (error) {
      // The spec swallows this call's errors: say so without failing.
      toast.error(errorMessage(error, 'Failed to notify staff.'));
    }
  }

  return (
    <>
      <ConfirmDialog
        open={tool === 'notify'}
        onOpenChange={(open) => !open && onClose()}
        title="Email staff about this week?"
        description={
          audience.emailed.length > 0
            ? `Everyone with an entry in ${formatDateRange(start, end)} who has an email address gets a message that the week changed.`
            : `Nobody with an entry in ${formatDateRange(start, end)} has an email address, so nobody can be told.`
        }
        confirmLabel={`Email ${audience.emailed.length} ${audience.emailed.length === 1 ? 'person' : 'people'}`}
        confirmDisabled={audience.emailed.length === 0}
        onConfirm={notifyStaff}
      >
        <div className="grid gap-3 text-sm">
          {audience.emailed.length > 0 ? (
            <div>
              <h3 className="font-medium">Will be emailed</h3>
              <ul className="mt-1 max-h-40 overflow-y-auto text-muted-foreground">
                {audience.emailed.map((member) => (
                  <li key={member.staffId} className="break-words">
                    {member.fullName} · {member.email}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {audience.unreachable.length > 0 ? (
            <div>
              <h3 className="font-medium">No email address, so not told</h3>
              <ul className="mt-1 max-h-32 overflow-y-auto text-muted-foreground">
                {audience.unreachable.map((member) => (
                  <li key={member.staffId}>{member.fullName}</li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-muted-foreground">
                Add their address on the Staff page to include them.
              </p>
            </div>
          ) : null}
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={tool === 'copy'}
        onOpenChange={(open) => !open && onClose()}
        title="Copy week to next week?"
        description={`Every shift of ${formatDateRange(start, end)} is copied to the following week. Entries that would clash are skipped.`}
        confirmLabel="Copy week"
        onConfirm={async () => {
          try {
            const result = await calls.copyWeek(start, addDays(start, 7), copyTimeOff);
            toast.success(result.message);
            onChanged();
          } catch (error) {
            showApiError(error, 'Failed to copy the week.');
          }
        }}
      >
        {/* Time off belongs to its dates (a holiday is not next week's too): left behind unless asked. */}
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={copyTimeOff}
            onChange={(event) => setCopyTimeOff(event.target.checked)}
          />
          <span>
            Copy time off too
            <span className="block text-xs text-muted-foreground">
              Usually left behind: time off belongs to its dates. Sick days are never copied.
            </span>
          </span>
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        open={tool === 'clear'}
        onOpenChange={(open) => !open && onClose()}
        title="Clear this week?"
        description={`Every shift and time off entry of ${formatDateRange(start, end)} is deleted.`}
        confirmLabel="Clear week"
        destructive
        onConfirm={async () => {
          try {
            const result = await calls.clearWeek(start);
            toast.success(result.message);
            onChanged();
          } catch (error) {
            showApiError(error, 'Failed to clear the week.');
          }
        }}
      />
    </>
  );
}
