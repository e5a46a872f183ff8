import {
  DEFAULT_STAFFING_RULES,
  type StaffingSettings,
  type StaffingSettingsInput,
} from '@rotaboard/core/contracts/schedule-agent';
import { RotateCcw } from 'lucide-react';
import { useId, useRef } from 'react';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { RULE_KEYS, type RuleKey } from '../utils/staffing-form';

export type StaffingForm = UseFormReturn<StaffingSettingsInput, unknown, StaffingSettings>;

/** How each rule reads on screen; the rule ids and sentences are in docs/staffing-rules.md. */
const RULE_TEXT: Record<RuleKey, { label: string; help: string; unit: 'hours' | 'days' }> = {
  minRestHours: {
    label: 'Minimum rest between shifts',
    help: "From the end of one shift to the start of the same person's next, across midnight and weeks.",
    unit: 'hours',
  },
  maxWeeklyHours: {
    label: 'Maximum hours a week',
    help: "Hours worked in the team's week, from its week start day. Time off does not count.",
    unit: 'hours',
  },
  maxConsecutiveDays: {
    label: 'Maximum days in a row',
    help: 'Days with a shift; an overnight shift counts on the day it starts.',
    unit: 'days',
  },
  minShiftHours: {
    label: 'Shortest shift',
    help: 'From start to end, the break included.',
    unit: 'hours',
  },
  maxShiftHours: {
    label: 'Longest shift',
    help: 'From start to end, the break included.',
    unit: 'hours',
  },
};

const unitText = (value: number, unit: 'hours' | 'days') =>
  unit === 'hours' ? `${value} h` : `${value} ${value === 1 ? 'day' : 'days'}`;

/**
 * The five rules: each a limit (or Off), and whether breaking it refuses a hand edit (strict). Strict
 * or not, the grid shows a broken rule and the agent never proposes one.
 */
export function RulesEditor({ form }: { form: StaffingForm }) {
  return (
    <div className="space-y-4">
      <ul className="grid gap-4">
        {RULE_KEYS.map((key) => (
          <li key={key}>
            <RuleRow form={form} ruleKey={key} />
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          form.setValue(
            'rules',
            structuredClone(DEFAULT_STAFFING_RULES) as unknown as StaffingSettingsInput['rules'],
            { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
          )
        }
      >
        <RotateCcw aria-hidden="true" />
        Reset rules to defaults
      </Button>
    </div>
  );
}

function RuleRow({ form, ruleKey }: { form: StaffingForm; ruleKey: RuleKey }) {
  const id = useId();
  const text = RULE_TEXT[ruleKey];
  const fallback = DEFAULT_STAFFING_RULES[ruleKey];
  const value = useWatch({ control: form.control, name: `rules.${ruleKey}.value` });
  const strict = useController({ control: form.control, name: `rules.${ruleKey}.strict` });
  // What the limit was before Off, to bring back when the rule is turned on again.
  const lastLimit = useRef<number>(
    typeof value === 'number' && !Number.isNaN(value) ? value : fallback.value,
  );
  const isOff = value === null;
  const errors = form.formState.errors.rules?.[ruleKey];
  const error = errors?.value?.message ?? errors?.strict?.message ?? errors?.message;
  const errorId = `${id}-error`;
  const described = error
    ? { 'aria-invalid': true, 'aria-describedby': `${id}-help ${errorId}` }
    : { 'aria-describedby': `${id}-help` };
  const unitLabel = text.unit === 'hours' ? 'Hours' : 'Days';

  const setOff = (off: boolean) => {
    if (off && typeof value === 'number' && !Number.isNaN(value)) lastLimit.current = value;
    form.setValue(`rules.${ruleKey}.value`, off ? null : lastLimit.current, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  return (
    <fieldset className="rounded-lg border border-border p-4" data-testid={`rule-${ruleKey}`}>
      <legend className="px-1 text-sm font-semibold">{text.label}</legend>
      <p id={`${id}-help`} className="mb-3 text-sm text-muted-foreground">
        {text.help} Default: {unitText(fallback.value, text.unit)}
        {fallback.strict ? ', blocks hand edits' : ''}.
      </p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="w-36 space-y-1">
          {isOff ? (
            // The input goes while the rule is off: its value is null, not a number to type over.
            <>
              <span className="text-sm leading-none font-medium">{unitLabel}</span>
              <p className="flex h-10 items-center text-sm text-muted-foreground">No limit</p>
            </>
          ) : (
            <>
              <Label htmlFor={`${id}-value`}>{unitLabel}</Label>
              <Input
                id={`${id}-value`}
                type="number"
                inputMode={text.unit === 'hours' ? 'decimal' : 'numeric'}
                step={text.unit === 'hours' ? 'any' : 1}
                {...form.register(`rules.${ruleKey}.value`, { valueAsNumber: true })}
                {...described}
              />
            </>
          )}
        </div>
        <div className="flex h-10 items-center gap-2">
          <Checkbox
            id={`${id}-off`}
            checked={isOff}
            onCheckedChange={(checked) => setOff(checked === true)}
          />
          <Label htmlFor={`${id}-off`}>Off</Label>
        </div>
        <div className="flex h-10 items-center gap-2">
          <Switch
            id={`${id}-strict`}
            ref={strict.field.ref}
            checked={strict.field.value ?? false}
            onCheckedChange={strict.field.onChange}
            onBlur={strict.field.onBlur}
            disabled={isOff}
          />
          <Label htmlFor={`${id}-strict`}>Block hand edits (strict)</Label>
        </div>
      </div>
      <FieldError id={errorId} message={error} className="mt-2" />
    </fieldset>
  );
}
