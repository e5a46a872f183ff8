import {
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  type RangePreset,
} from '@rotaboard/core/reports/ranges';
import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';

export type RangeChoice = { preset: RangePreset | 'custom'; startDate: string; endDate: string };

/** Date-range presets (this week, last week, this month, last month) and custom dates. */
export function RangeControls({
  value,
  onChange,
  today,
  weekStartDay,
  groupByStaff,
  onGroupByStaffChange,
}: {
  value: RangeChoice;
  onChange: (value: RangeChoice) => void;
  today: string;
  weekStartDay: number;
  groupByStaff: boolean;
  onGroupByStaffChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-preset`}>Dates</Label>
        <Select
          id={`${id}-preset`}
          className="sm:w-40"
          value={value.preset}
          onChange={(e) => {
            const preset = e.target.value as RangePreset | 'custom';
            onChange(
              preset === 'custom'
                ? { ...value, preset }
                : { preset, ...presetRange(preset, today, weekStartDay) },
            );
          }}
        >
          {[...RANGE_PRESETS, 'custom' as const].map((p) => (
            <option key={p} value={p}>
              {RANGE_PRESET_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-start`}>From</Label>
        <Input
          id={`${id}-start`}
          type="date"
          className="sm:w-40"
          value={value.startDate}
          onChange={(e) =>
            e.target.value && onChange({ ...value, preset: 'custom', startDate: e.target.value })
          }
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-end`}>To</Label>
        <Input
          id={`${id}-end`}
          type="date"
          className="sm:w-40"
          value={value.endDate}
          min={value.startDate}
          onChange={(e) =>
            e.target.value && onChange({ ...value, preset: 'custom', endDate: e.target.value })
          }
        />
      </div>
      <div className="flex h-10 items-center gap-2 self-end">
        <Checkbox
          id={`${id}-group`}
          checked={groupByStaff}
          onCheckedChange={(on) => onGroupByStaffChange(on === true)}
        />
        <Label htmlFor={`${id}-group`}>Group by staff</Label>
      </div>
    </>
  );
}
