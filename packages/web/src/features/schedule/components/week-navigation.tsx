import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
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
}: {
  unit?: 'week' | 'day';
  date: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onPick: (date: string) => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={onToday}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={onNext}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <Label htmlFor={inputId} className="sr-only">
        Go to date
      </Label>
      <Input
        id={inputId}
        type="date"
        className="w-auto"
        value={date}
        onChange={(event) => {
          if (isIsoDate(event.target.value)) onPick(event.target.value);
        }}
      />
    </div>
  );
}
