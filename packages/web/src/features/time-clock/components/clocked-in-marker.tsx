import { type ClockedInDto, clockedInWords } from '../../../lib/time-clock';
import { formatClock, useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';

/**
 * A small mark beside a person's name in the week grid: clocked in now (green) or on a break (amber),
 * said in words for screen readers and as a tooltip (issue 44).
 */
export default function ClockedInMarker({ entry, zone }: { entry: ClockedInDto; zone: string }) {
  const hour12 = useHour12();
  const words = clockedInWords(entry, zone, (time) => formatClock(time, hour12));
  return (
    <span className="ml-1.5 inline-flex shrink-0 items-center" title={words} data-testid="clocked-in-marker">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-2.5 rounded-full',
          entry.onBreak ? 'bg-amber-500' : 'bg-emerald-600',
        )}
      />
      <span className="sr-only">{words}</span>
    </span>
  );
}
