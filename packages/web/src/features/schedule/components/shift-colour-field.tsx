import {
  chooseColour,
  effectiveColour,
  SHIFT_COLOURS,
  type ShiftColour,
} from '@rotaboard/core/shifts/colours';
import { swatchClass } from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';

/**
 * The six colours as radio buttons. What shows as chosen is the colour the entry is drawn in (time
 * off has its own unless one is picked: core's effectiveColour and chooseColour).
 */
export function ShiftColourField({
  name,
  colour,
  isTimeOff,
  onChange,
}: {
  name: string;
  colour: number | null;
  isTimeOff: boolean;
  onChange: (colour: number | null) => void;
}) {
  const shown = effectiveColour(colour, isTimeOff);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Colour</legend>
      <div className="grid grid-cols-3 gap-2">
        {SHIFT_COLOURS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              shown === option.value ? 'border-primary bg-accent' : 'border-border',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={shown === option.value}
              onChange={() => onChange(chooseColour(option.value as ShiftColour, isTimeOff))}
            />
            <span
              aria-hidden="true"
              className={cn(
                'size-4 shrink-0 rounded-full',
                swatchClass({ colour: option.value, isTimeOff: false }),
              )}
            />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
