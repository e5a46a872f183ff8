import {
  BellRing,
  Bot,
  Copy,
  Eraser,
  Lock,
  MessageSquareText,
  MoreHorizontal,
  ShieldCheck,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLazyPanel } from '../../../components/lazy-panel';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { rulesLabel } from './staffing-tools';
import type { WeekToolsProps } from './week-tools-props';

/** An administrator's tools for the whole week: copy, clear, lock, and (Pro) notify staff. */
export function WeekTools({
  canNotify,
  onCopy,
  onClear,
  onLock,
  onNotify,
  compact = false,
  staffing = null,
  onAssistant = null,
}: WeekToolsProps) {
  if (compact)
    return (
      <WeekToolsMenu
        canNotify={canNotify}
        onCopy={onCopy}
        onClear={onClear}
        onLock={onLock}
        onNotify={onNotify}
        staffing={staffing}
        onAssistant={onAssistant}
      />
    );
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Week tools">
      {onAssistant ? (
        <Button variant="outline" size="sm" onClick={onAssistant} data-assistant-button="">
          <MessageSquareText aria-hidden="true" />
          Assistant
        </Button>
      ) : null}
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
      {staffing?.pro ? (
        <>
          <Button variant="outline" size="sm" onClick={staffing.onRules} data-staffing-rules="">
            <ShieldCheck aria-hidden="true" />
            {rulesLabel(staffing)}
            {staffing.violations ? (
              <span
                aria-hidden="true"
                className={cn('size-2 rounded-full', staffing.strict > 0 ? 'bg-red-600' : 'bg-amber-500')}
              />
            ) : null}
          </Button>
          {staffing.onAgent ? (
            <Button variant="outline" size="sm" onClick={staffing.onAgent}>
              <Bot aria-hidden="true" />
              Fill with agent
            </Button>
          ) : null}
        </>
      ) : staffing ? (
        <span className="inline-flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
          <span className="rounded bg-primary/10 px-1.5 py-0.5 font-semibold text-primary">Pro</span>
          Staffing rules and the schedule agent
          {staffing.isOwner ? (
            <Link to="/subscription" className="font-medium text-primary underline underline-offset-4">
              Upgrade to Pro
            </Link>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

// The panel brings the dialog library (Radix Dialog, focus trap, scroll lock), which the week does not
// need until the button is pressed: fetched when the pointer or focus reaches the button (as the
// mobile menu's panel is), drawn once it is pressed.
const loadSheet = () => import('./week-tools-sheet');
const LazyWeekToolsSheet = lazy(() => loadSheet().then((module) => ({ default: module.WeekToolsSheet })));

/** On a phone the week tools are one button opening a panel of large buttons. */
function WeekToolsMenu(props: Omit<WeekToolsProps, 'compact'>) {
  const panel = useLazyPanel(loadSheet);
  return (
    <>
      <Button variant="outline" size="icon" className="size-9" aria-label="Week tools" {...panel.buttonProps}>
        <MoreHorizontal aria-hidden="true" />
      </Button>
      {panel.drawn ? (
        <Suspense fallback={null}>
          <LazyWeekToolsSheet
            {...props}
            open={panel.open}
            onOpenChange={panel.setOpen}
            onCloseAutoFocus={panel.onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
