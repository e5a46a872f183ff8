import { ADJUSTMENT_COMMENT_MAX } from '@rotaboard/core/contracts/shifts';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { type AdjustmentRow, NEW_ADJUSTMENT, type ShiftForm } from '../utils/shift-form';

/** A Pro shift's attendance adjustments: minutes, a reason and a comment each, added and removed. */
export function AttendanceAdjustmentsField({
  form,
  rows,
  fieldId,
}: {
  form: ShiftForm;
  /** The rows' current values (watched by the editor), for the comments' character counts. */
  rows: readonly AdjustmentRow[];
  fieldId: (name: string) => string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'adjustments' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Attendance adjustments</legend>
      {fields.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[5rem_1fr_auto] items-end gap-2 rounded-md border p-2">
          <div className="grid gap-1">
            <Label htmlFor={fieldId(`adj-min-${row.id}`)} className="text-xs">
              Minutes
            </Label>
            <Input
              id={fieldId(`adj-min-${row.id}`)}
              type="number"
              min={0}
              {...form.register(`adjustments.${index}.minutes`)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={fieldId(`adj-reason-${row.id}`)} className="text-xs">
              Reason
            </Label>
            <Select id={fieldId(`adj-reason-${row.id}`)} {...form.register(`adjustments.${index}.reason`)}>
              {Object.entries(ADJUSTMENT_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove adjustment ${index + 1}`}
            onClick={() => remove(index)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
          <div className="col-span-full grid gap-1">
            <Label htmlFor={fieldId(`adj-comment-${row.id}`)} className="text-xs">
              Comment
            </Label>
            <Input
              id={fieldId(`adj-comment-${row.id}`)}
              maxLength={ADJUSTMENT_COMMENT_MAX}
              aria-describedby={fieldId(`adj-count-${row.id}`)}
              {...form.register(`adjustments.${index}.comment`)}
            />
            <p id={fieldId(`adj-count-${row.id}`)} className="text-right text-xs text-muted-foreground">
              {rows[index]?.comment.length ?? 0}/{ADJUSTMENT_COMMENT_MAX}
            </p>
          </div>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => append({ ...NEW_ADJUSTMENT })}
      >
        <Plus aria-hidden="true" />
        Add adjustment
      </Button>
    </fieldset>
  );
}
