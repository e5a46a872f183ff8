import { BellRing, Copy, Eraser, Lock, MoreHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../../../components/ui/sheet';

export type WeekToolsProps = {
  canNotify: boolean;
  onCopy: () => void;
  onClear: () => void;
  onLock: () => void;
  onNotify: () => void;
  /** On a phone: one "Week tools" menu button instead of a row of buttons. */
  compact?: boolean;
};

/** An administrator's tools for the whole week: copy, clear, lock, and (Pro) notify staff. */
export function WeekTools({ canNotify, onCopy, onClear, onLock, onNotify, compact = false }: WeekToolsProps) {
  if (compact)
    return (
      <WeekToolsSheet
        canNotify={canNotify}
        onCopy={onCopy}
        onClear={onClear}
        onLock={onLock}
        onNotify={onNotify}
      />
    );
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
      {canNotify ? (
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

/**
 * On a phone the week tools are one button opening a panel of large buttons (the same panel as the
 * mobile menu, whose code every page has already loaded: a dropdown would add a fifth to the page).
 */
function WeekToolsSheet({ canNotify, onCopy, onClear, onLock, onNotify }: Omit<WeekToolsProps, 'compact'>) {
  const [open, setOpen] = useState(false);
  const item = (label: ReactNode, onClick: () => void, disabled = false) => (
    <Button
      variant="outline"
      className="w-full justify-start"
      disabled={disabled}
      onClick={() => {
        setOpen(false);
        onClick();
      }}
    >
      {label}
    </Button>
  );
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="size-9" aria-label="Week tools">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel="Close week tools">
        <SheetTitle>Week tools</SheetTitle>
        <SheetDescription className="sr-only">Copy, clear, lock or announce this week</SheetDescription>
        <div className="flex flex-col gap-2">
          {item(
            <>
              <Copy aria-hidden="true" />
              Copy week to next week
            </>,
            onCopy,
          )}
          {item(
            <>
              <Eraser aria-hidden="true" />
              Clear week
            </>,
            onClear,
          )}
          {item(
            <>
              <Lock aria-hidden="true" />
              Schedule lock
            </>,
            onLock,
          )}
          {item(
            <>
              <BellRing aria-hidden="true" />
              {canNotify ? 'Notify staff' : 'Notify staff (Pro)'}
            </>,
            onNotify,
            !canNotify,
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
