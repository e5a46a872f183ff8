import { CalendarRange, Copy, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../lib/toast';
import {
  type CopyTarget,
  copyDaySlots,
  copyTargets,
  describeDays,
  runsPastMidnight,
  type SlotValues,
  slotsReplaced,
  WEEKDAYS,
  weekdayName,
} from '../utils/staffing-form';
import type { StaffingForm } from './rules-editor';

const NEW_SLOT = { startTime: '09:00', endTime: '17:00', breakMinutes: 30, staffCount: 1, role: null };
const SLOT_FIELDS = ['startTime', 'endTime', 'breakMinutes', 'staffCount', 'role'] as const;
type SlotField = (typeof SLOT_FIELDS)[number];
type SlotErrors = Partial<Record<SlotField, { message?: string }>> & {
  message?: string;
  root?: { message?: string };
};

/** One slot's errors: which fields are wrong, and the first message to show under the row. */
function slotErrors(errors: FieldErrors<{ coverage: SlotValues[] }>['coverage'], index: number) {
  const row = (errors as Record<number, SlotErrors> | undefined)?.[index];
  if (!row) return { invalid: new Set<SlotField>(), message: undefined };
  const invalid = new Set(SLOT_FIELDS.filter((field) => row[field]?.message));
  const first = SLOT_FIELDS.map((field) => row[field]?.message).find(Boolean);
  return { invalid, message: first ?? row.message ?? row.root?.message };
}

/**
 * The week's coverage: for each weekday, the slots the team needs filled (who, when, how many). Kept
 * as one flat list in the form, the contract's shape, and drawn grouped by day.
 */
export function CoverageEditor({ form, roles }: { form: StaffingForm; roles: string[] }) {
  const slots = useFieldArray({ control: form.control, name: 'coverage' });
  const values = (useWatch({ control: form.control, name: 'coverage' }) ?? []) as SlotValues[];
  const id = useId();
  const [removing, setRemoving] = useState<number | null>(null);
  const [copyFrom, setCopyFrom] = useState(1);
  const [copyTo, setCopyTo] = useState<CopyTarget>('weekdays');
  const [confirmingCopy, setConfirmingCopy] = useState(false);
  // Each day's "Add a slot" button: where focus goes when the slot whose button opened the dialog is gone.
  const addButtons = useRef(new Map<number, HTMLButtonElement>());
  const removedFrom = useRef<number | null>(null);
  const errors = form.formState.errors.coverage;
  const listError = errors?.message ?? errors?.root?.message;

  const sourceCount = values.filter((slot) => slot.weekday === copyFrom).length;
  const targets = copyTargets(copyFrom, copyTo);
  const replaced = slotsReplaced(values, targets);
  const copy = () => {
    slots.replace(copyDaySlots(form.getValues('coverage') ?? [], copyFrom, targets));
    toast.success(`Copied ${weekdayName(copyFrom)}'s slots to ${describeDays(targets)}`);
  };
  const removingSlot = removing === null ? undefined : values[removing];

  return (
    <div className="space-y-4">
      {slots.fields.length === 0 ? (
        <div className="flex gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          <CalendarRange aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>
            No coverage yet. Coverage says how many people you need, and when: say 2 people from 07:00 to
            15:00 every weekday. The schedule agent fills these slots, and the week grid shows each day's
            coverage. Add a slot to a day below, then copy that day to the rest of the week.
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap items-end gap-3 rounded-lg bg-muted/50 p-3">
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-copy-from`}>Copy the slots of</Label>
          <Select
            id={`${id}-copy-from`}
            value={copyFrom}
            onChange={(event) => {
              const from = Number(event.target.value);
              setCopyFrom(from);
              // A day is no target of its own copy (and has no option in "To").
              if (copyTo === String(from)) setCopyTo('weekdays');
            }}
          >
            {WEEKDAYS.map((day) => (
              <option key={day.weekday} value={day.weekday}>
                {day.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-copy-to`}>To</Label>
          <Select
            id={`${id}-copy-to`}
            value={copyTo}
            onChange={(event) => setCopyTo(event.target.value as CopyTarget)}
          >
            <option value="weekdays">
              {copyFrom <= 5 ? 'The other weekdays' : 'Monday to Friday'} (
              {describeDays(copyTargets(copyFrom, 'weekdays'))})
            </option>
            <option value="all">Every other day</option>
            {WEEKDAYS.filter((day) => day.weekday !== copyFrom).map((day) => (
              <option key={day.weekday} value={String(day.weekday)}>
                {day.name}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={sourceCount === 0 || targets.length === 0}
          onClick={() => (replaced > 0 ? setConfirmingCopy(true) : copy())}
        >
          <Copy aria-hidden="true" />
          Copy slots
        </Button>
        {sourceCount === 0 ? (
          <p className="basis-full text-xs text-muted-foreground">
            {weekdayName(copyFrom)} has no slots to copy yet.
          </p>
        ) : null}
      </div>

      <datalist id={`${id}-roles`}>
        {roles.map((role) => (
          <option key={role} value={role} />
        ))}
      </datalist>

      {WEEKDAYS.map((day) => {
        const rows = slots.fields
          .map((field, index) => ({ field, index }))
          .filter(({ field, index }) => (values[index]?.weekday ?? field.weekday) === day.weekday);
        return (
          <section
            key={day.weekday}
            aria-labelledby={`${id}-day-${day.weekday}`}
            className="space-y-3 border-t border-border pt-4 first-of-type:border-t-0 first-of-type:pt-0"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${id}-day-${day.weekday}`} className="font-semibold">
                {day.name}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  {rows.length === 0
                    ? 'nobody needed'
                    : rows.length === 1
                      ? '1 slot'
                      : `${rows.length} slots`}
                </span>
              </h3>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Add a slot on ${day.name}`}
                ref={(button) => {
                  if (button) addButtons.current.set(day.weekday, button);
                  else addButtons.current.delete(day.weekday);
                }}
                onClick={() =>
                  slots.append(
                    { ...NEW_SLOT, weekday: day.weekday },
                    { focusName: `coverage.${slots.fields.length}.startTime` },
                  )
                }
              >
                <Plus aria-hidden="true" /> Add a slot
              </Button>
            </div>
            {rows.map(({ field, index }, position) => (
              <SlotRow
                key={field.id}
                form={form}
                index={index}
                label={`${day.name} slot ${position + 1}`}
                rolesId={`${id}-roles`}
                slot={values[index]}
                onRemove={() => setRemoving(index)}
              />
            ))}
          </section>
        );
      })}
      <FieldError id={`${id}-coverage-error`} message={listError} />

      <ConfirmDialog
        destructive
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this slot?"
        description={
          removingSlot
            ? `${weekdayName(removingSlot.weekday)} ${removingSlot.startTime}–${removingSlot.endTime}, ${removingSlot.staffCount} ${removingSlot.staffCount === 1 ? 'person' : 'people'}. It is gone for good once you save.`
            : ''
        }
        confirmLabel="Remove slot"
        onConfirm={() => {
          if (removing === null) return;
          removedFrom.current = values[removing]?.weekday ?? null;
          slots.remove(removing);
        }}
        focusAfterConfirm={() =>
          removedFrom.current === null ? null : addButtons.current.get(removedFrom.current)
        }
      />
      <ConfirmDialog
        destructive
        open={confirmingCopy}
        onOpenChange={setConfirmingCopy}
        title={`Replace the slots on ${describeDays(targets)}?`}
        description={`${replaced} ${replaced === 1 ? 'slot' : 'slots'} on ${describeDays(targets)} will be replaced by ${weekdayName(copyFrom)}'s ${sourceCount}.`}
        confirmLabel="Replace slots"
        onConfirm={copy}
      />
    </div>
  );
}

function SlotRow({
  form,
  index,
  label,
  rolesId,
  slot,
  onRemove,
}: {
  form: StaffingForm;
  index: number;
  label: string;
  rolesId: string;
  slot: SlotValues | undefined;
  onRemove: () => void;
}) {
  const id = useId();
  const { invalid, message } = slotErrors(form.formState.errors.coverage, index);
  const errorId = `${id}-error`;
  const field = (name: SlotField) =>
    invalid.has(name) || (message && invalid.size === 0)
      ? { 'aria-invalid': true, 'aria-describedby': errorId }
      : {};
  const overnight = runsPastMidnight(slot?.startTime, slot?.endTime);
  return (
    // A fieldset is a group named by its aria-label ("Monday slot 1"): its five fields say which slot.
    <fieldset
      aria-label={label}
      className="min-w-0 rounded-md border border-border p-3"
      data-testid="coverage-slot"
    >
      {/* Two columns on a phone; one line from sm, the remove button last. */}
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[7.5rem_7.5rem_6rem_5.5rem_minmax(7rem,1fr)_auto]">
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-start`}>Start</Label>
          <Input
            id={`${id}-start`}
            type="time"
            {...form.register(`coverage.${index}.startTime`)}
            {...field('startTime')}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-end`}>End</Label>
          <Input
            id={`${id}-end`}
            type="time"
            {...form.register(`coverage.${index}.endTime`)}
            {...field('endTime')}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-break`}>Break (min)</Label>
          <Input
            id={`${id}-break`}
            type="number"
            inputMode="numeric"
            min={0}
            step={5}
            {...form.register(`coverage.${index}.breakMinutes`, { valueAsNumber: true })}
            {...field('breakMinutes')}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-count`}>People</Label>
          <Input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register(`coverage.${index}.staffCount`, { valueAsNumber: true })}
            {...field('staffCount')}
          />
        </div>
        <div className="col-span-2 flex items-end gap-2 sm:contents">
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <Input
              id={`${id}-role`}
              list={rolesId}
              placeholder="Anyone"
              autoComplete="off"
              {...form.register(`coverage.${index}.role`, {
                // Blank is "anyone": the contract's null.
                setValueAs: (value: unknown) =>
                  typeof value === 'string' && value.trim() === '' ? null : value,
              })}
              {...field('role')}
            />
          </div>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {overnight ? (
        <p className="mt-2 text-xs text-muted-foreground">Runs past midnight: it ends the next day.</p>
      ) : null}
      <FieldError id={errorId} message={message} className="mt-2" />
    </fieldset>
  );
}
