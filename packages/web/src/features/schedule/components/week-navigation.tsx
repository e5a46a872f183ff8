import { CalendarSearch, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { isIsoDate } from '../../../lib/dates';

export function WeekNavigation({
  date,
  onPrevious,
  onNext,
  onToday,
  onPick,
  unit = 'week',
  compact = false,
}: {
  unit?: 'week' | 'day';
  /** On a phone: smaller buttons, and no date field (DatePickerButton sits beside the title). */
  compact?: boolean;
  date: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onPick: (date: string) => void;
}) {
  const inputId = useId();
  const pick = (value: string) => {
    if (isIsoDate(value)) onPick(value);
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className={compact ? 'size-9' : undefined}
          aria-label={`Previous ${unit}`}
          onClick={onPrevious}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" className={compact ? 'h-9 px-3' : undefined} onClick={onToday}>
          Today
        </Button>
        <Button
          variant="outline"
          size="icon"
          className={compact ? 'size-9' : undefined}
          aria-label={`Next ${unit}`}
          onClick={onNext}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {compact ? null : (
        <>
          <Label htmlFor={inputId} className="sr-only">
            Go to date
          </Label>
          <Input
            id={inputId}
            type="date"
            className="w-auto"
            value={date}
            onChange={(event) => pick(event.target.value)}
          />
        </>
      )}
    </div>
  );
}

/** A phone's "Go to date": a calendar button that opens the browser's own date picker. */
export function DatePickerButton({ date, onPick }: { date: string; onPick: (date: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    // Negative margins: the button is a comfortable 36 px but adds no height to the title's row.
    <span className="relative -my-1 shrink-0">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label="Go to date"
        onClick={() => {
          try {
            input.current?.showPicker();
          } catch {
            input.current?.focus();
          }
        }}
      >
        <CalendarSearch aria-hidden="true" />
      </Button>
      <input
        ref={input}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 size-full opacity-0"
        value={date}
        onChange={(event) => {
          if (isIsoDate(event.target.value)) onPick(event.target.value);
        }}
      />
    </span>
  );
}
