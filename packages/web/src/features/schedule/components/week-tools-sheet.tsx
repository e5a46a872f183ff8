import { BellRing, Bot, Copy, Eraser, Lock, MessageSquareText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { rulesLabel } from './staffing-tools';
import type { WeekToolsProps } from './week-tools-props';

/** The phone's week tools: a panel of large buttons (the same panel as the mobile menu). */
export function WeekToolsSheet({
  canNotify,
  onCopy,
  onClear,
  onLock,
  onNotify,
  staffing = null,
  onAssistant = null,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: Omit<WeekToolsProps, 'compact'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the panel closes: back to the button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const item = (label: ReactNode, onClick: () => void, disabled = false) => (
    <Button
      variant="outline"
      className="w-full justify-start"
      disabled={disabled}
      onClick={() => {
        onOpenChange(false);
        onClick();
      }}
    >
      {label}
    </Button>
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel="Close week tools" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle>Week tools</SheetTitle>
        <SheetDescription className="sr-only">Copy, clear, lock or announce this week</SheetDescription>
        <div className="flex flex-col gap-2">
          {onAssistant
            ? item(
                <>
                  <MessageSquareText aria-hidden="true" />
                  Assistant
                </>,
                onAssistant,
              )
            : null}
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
          {staffing?.pro ? (
            <>
              {item(
                <>
                  <ShieldCheck aria-hidden="true" />
                  {rulesLabel(staffing)}
                </>,
                staffing.onRules,
              )}
              {staffing.onAgent
                ? item(
                    <>
                      <Bot aria-hidden="true" />
                      Fill with agent
                    </>,
                    staffing.onAgent,
                  )
                : null}
            </>
          ) : staffing ? (
            item(
              <>
                <Bot aria-hidden="true" />
                Rules and schedule agent (Pro)
              </>,
              () => {},
              true,
            )
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
