import { BellRing, Copy, Eraser, Lock, MoreHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

type WeekToolsProps = {
  isPro: boolean;
  onCopy: () => void;
  onClear: () => void;
  onLock: () => void;
  onNotify: () => void;
  /** On a phone: one "Week tools" menu button instead of a row of buttons. */
  compact?: boolean;
};

/** An administrator's tools for the whole week: copy, clear, lock, and (Pro) notify staff. */
export function WeekTools({ isPro, onCopy, onClear, onLock, onNotify, compact = false }: WeekToolsProps) {
  if (compact) {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" className="size-9" aria-label="Week tools">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onCopy}>
            <Copy aria-hidden="true" />
            Copy week to next week
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onClear}>
            <Eraser aria-hidden="true" />
            Clear week
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onLock}>
            <Lock aria-hidden="true" />
            Schedule lock
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onNotify} disabled={!isPro}>
            <BellRing aria-hidden="true" />
            {isPro ? 'Notify staff' : 'Notify staff (Pro)'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Week tools">
      <Button variant="outline" size="sm" onClick={onCopy}>
        <Copy aria-hidden="true" />
        Copy week to next week
      </Button>
      <Button variant="outline" size="sm" onClick={onClear}>
        <Eraser aria-hidden="true" />
        Clear week
      </Button>
      <Button variant="outline" size="sm" onClick={onLock}>
        <Lock aria-hidden="true" />
        Schedule lock
      </Button>
      {isPro ? (
        <Button variant="outline" size="sm" onClick={onNotify}>
          <BellRing aria-hidden="true" />
          Notify staff
        </Button>
      ) : (
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <span className="rounded bg-primary/10 px-1.5 py-0.5 font-semibold text-primary">Pro</span>
          Notify staff of changes
        </span>
      )}
    </div>
  );
}
