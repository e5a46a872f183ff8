import { Bot, Sparkles, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import type { AssistantSlotProps } from '../../../lib/assistant-slot';
import { type Chat, useAssistantChat } from '../hooks/use-assistant-chat';
import { ASSISTANT_DESCRIPTION } from '../utils/assistant-text';
import { Conversation } from './assistant-conversation';

/**
 * The schedule assistant beside the week grid (a bottom sheet on a phone or tablet): the
 * conversation, the message box (Enter sends, Shift+Enter a new line), example prompts, this month's
 * usage, and the proposal of the last reply as a list whose changes are also dashed in the grid. On
 * Free, what Pro adds instead of the box. The conversation lives as long as the schedule page does.
 */
export function AssistantPanel(props: AssistantSlotProps) {
  const { layout, open, onOpenChange } = props;
  // Focus goes back to what opened the panel (the toolbar's button) when it closes.
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  const restoreFocus = () => {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  };

  // Opened beside the grid, focus moves into the panel (the message box takes it when there is one).
  const aside = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open && layout === 'side' && !aside.current?.contains(document.activeElement))
      heading.current?.focus();
  }, [open, layout]);

  const chat = useAssistantChat(props);
  const body = <AssistantBody {...props} chat={chat} />;
  if (layout === 'sheet') {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          side="bottom"
          closeLabel="Close the assistant"
          className="gap-3 p-4"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
        >
          <SheetTitle className="flex items-center gap-2 pr-8">
            <Bot aria-hidden="true" className="size-5" />
            Schedule assistant
          </SheetTitle>
          <SheetDescription className="sr-only">{ASSISTANT_DESCRIPTION}</SheetDescription>
          {body}
        </SheetContent>
      </Sheet>
    );
  }
  if (!open) return null;
  return (
    <aside
      ref={aside}
      aria-labelledby="assistant-title"
      className="sticky top-4 flex max-h-[calc(100dvh-2rem)] w-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm lg:w-96 lg:shrink-0"
      data-testid="assistant-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          onOpenChange(false);
          restoreFocus();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2
          id="assistant-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-base font-semibold outline-none"
        >
          <Bot aria-hidden="true" className="size-5" />
          Schedule assistant
        </h2>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Close the assistant"
          onClick={() => {
            onOpenChange(false);
            restoreFocus();
          }}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {body}
    </aside>
  );
}

function AssistantBody(props: AssistantSlotProps & { chat: Chat }) {
  if (!props.pro) return <ProHint isOwner={props.isOwner} />;
  return <Conversation {...props} />;
}

/** Free: what Pro brings, and the way to it (the plan is the owner's, so only they upgrade). */
function ProHint({ isOwner }: { isOwner: boolean }) {
  return (
    <div
      className="rounded-lg border border-dashed border-border p-4 text-sm"
      data-testid="assistant-pro-hint"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        The schedule assistant is part of Pro
      </p>
      <p className="mt-2 text-muted-foreground">
        Ask for changes in plain English (“Give Ava Monday and Tuesday 9 to 5”) and accept or reject each one
        the assistant proposes, checked against your rules first.
      </p>
      {isOwner ? (
        <Link to="/subscription" className={`${buttonVariants({ size: 'sm' })} mt-3`}>
          Upgrade to Pro
        </Link>
      ) : (
        <p className="mt-2">The team owner can upgrade the team to Pro.</p>
      )}
    </div>
  );
}

export default AssistantPanel;
