import { ASSISTANT_EXAMPLES } from '@rotaboard/core/assistant/interpret';
import type { AssistantReply } from '@rotaboard/core/contracts/assistant';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bot, LoaderCircle, Send, Sparkles, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProposalView } from '../../../components/proposal-view';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { AssistantSlotProps } from '../../../lib/assistant-slot';
import { queryKeys } from '../../../lib/query-keys';
import { cn } from '../../../lib/utils';
import { assistantUsageQueryOptions, sendAssistantMessage } from '../api/assistant-api';
import { engineLabel, messageProblem, usageSpent, usageText } from '../utils/assistant-text';

type Turn =
  | { id: number; role: 'user'; text: string }
  | {
      id: number;
      role: 'assistant';
      text: string;
      engine: AssistantReply['engine'];
      proposalId: string | null;
    };

/** Why the last message was refused, kept apart so a spent allowance (429) reads as such. */
type Failure = { message: string; limit: boolean; plan: boolean };

const DESCRIPTION = 'Ask in plain English; the assistant proposes changes for you to accept or reject.';

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
          <SheetDescription className="sr-only">{DESCRIPTION}</SheetDescription>
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

/**
 * The conversation's state and its send call, held above the layout: turning a phone sideways swaps
 * the sheet for the side column, and the conversation carries over.
 */
function useAssistantChat({ teamId, weekStartDate, onProposal }: AssistantSlotProps) {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const nextId = useRef(0);
  const send = useMutation({
    mutationFn: (message: string) =>
      sendAssistantMessage(teamId, {
        message,
        weekStartDate,
        ...(conversationId ? { conversationId } : {}),
      }),
    onSuccess: (reply, message) => {
      setConversationId(reply.conversationId);
      setTurns((current) => [
        ...current,
        { id: nextId.current++, role: 'user', text: message },
        {
          id: nextId.current++,
          role: 'assistant',
          text: reply.reply,
          engine: reply.engine,
          proposalId: reply.proposalId,
        },
      ]);
      setDraft('');
      setFailure(null);
      if (reply.proposalId) onProposal(reply.proposalId);
    },
    onError: (error) => {
      // The message stays in the box, to send again once the reason is dealt with.
      setFailure({
        message: errorMessage(error, 'The assistant could not be reached. Try again.'),
        limit: isApiError(error) && error.status === 429,
        plan: isApiError(error) && error.status === 403,
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).assistantUsage() });
    },
  });
  return { turns, draft, setDraft, problem, setProblem, failure, send };
}

type Chat = ReturnType<typeof useAssistantChat>;

function Conversation({
  teamId,
  isOwner,
  open,
  proposalId,
  proposal,
  proposalLoading,
  proposalError,
  onProposal,
  onAccept,
  onReject,
  onUndo,
  staffName,
  shifts,
  chat,
}: AssistantSlotProps & { chat: Chat }) {
  const { turns, draft, setDraft, problem, setProblem, failure, send } = chat;
  const usage = useQuery({ ...assistantUsageQueryOptions(teamId), enabled: open });
  const box = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const ids = { box: useId(), hint: useId(), problem: useId() };

  // The box is disabled while a message is on its way, which drops focus: it comes back with the reply.
  const sending = send.isPending;
  useEffect(() => {
    if (!sending && open) box.current?.focus();
  }, [sending, open]);
  // The newest turn in view.
  const turnCount = turns.length;
  useEffect(() => {
    if (turnCount > 0 || sending) log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [turnCount, sending]);

  const spent = usageSpent(usage.data);
  const submit = () => {
    if (sending || spent) return;
    const found = messageProblem(draft);
    setProblem(found);
    if (found) {
      box.current?.focus();
      return;
    }
    send.mutate(draft.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter while composing (IME) is the IME's.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const fill = (text: string) => {
    setDraft(text);
    setProblem(null);
    box.current?.focus();
  };
  const showProposal = proposalId !== null && (proposal === undefined || proposal.source === 'assistant');

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <UsageMeter
        loading={usage.isPending}
        error={usage.isError ? errorMessage(usage.error, 'This month’s usage could not be loaded.') : null}
        text={usage.data ? usageText(usage.data) : null}
        ratio={usage.data ? Math.min(1, usage.data.used / Math.max(1, usage.data.limit)) : 0}
      />
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto pr-1">
        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-label="Conversation with the assistant"
          className="grid gap-2"
        >
          {turns.length === 0 && !sending ? (
            <div className="text-sm text-muted-foreground">
              <p>{DESCRIPTION} Try one of these:</p>
            </div>
          ) : null}
          {turns.map((turn) => (
            <TurnView
              key={turn.id}
              turn={turn}
              showing={turn.role === 'assistant' && turn.proposalId === proposalId}
              onShow={onProposal}
            />
          ))}
          {sending && send.variables ? (
            <>
              <TurnView
                turn={{ id: -1, role: 'user', text: send.variables }}
                showing={false}
                onShow={onProposal}
              />
              <Spinner label="The assistant is thinking…" className="text-sm" />
            </>
          ) : null}
        </div>
        {turns.length === 0 ? <Examples onPick={fill} disabled={sending} /> : null}
        {showProposal ? (
          <ProposalView
            layout="list"
            proposal={proposal}
            loading={proposalLoading}
            error={proposalError}
            staffName={staffName}
            shifts={shifts}
            onAccept={onAccept}
            onReject={onReject}
            onUndo={onUndo}
          />
        ) : null}
      </div>
      {failure ? (
        <Alert variant={failure.limit ? 'warning' : 'destructive'} role="alert" data-testid="assistant-error">
          <AlertDescription>
            <p className={cn(failure.limit && 'font-semibold')}>{failure.message}</p>
            {failure.plan ? (
              isOwner ? (
                <Link
                  to="/subscription"
                  className="mt-1 inline-block font-medium underline underline-offset-4"
                >
                  See plans and upgrade
                </Link>
              ) : (
                <p className="mt-1">The team owner can upgrade the team to Pro.</p>
              )
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {spent && !failure ? (
        <Alert variant="warning" role="status">
          <AlertDescription>
            This month’s {usage.data!.limit} messages are used. The assistant takes messages again when the
            allowance resets.
          </AlertDescription>
        </Alert>
      ) : null}
      <form
        className="grid gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        aria-busy={sending}
      >
        <label htmlFor={ids.box} className="text-sm font-medium">
          Message to the assistant
        </label>
        <Textarea
          id={ids.box}
          ref={box}
          rows={2}
          value={draft}
          disabled={sending || spent}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Move Ben's Friday shift to Saturday"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.problem} ${ids.hint}` : ids.hint}
          className="max-h-40 min-h-16 resize-y"
        />
        {problem ? (
          <p id={ids.problem} className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={ids.hint} className="text-xs text-muted-foreground">
            Enter sends · Shift+Enter for a new line
          </p>
          <Button type="submit" size="sm" disabled={sending || spent}>
            {sending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </div>
        {turns.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-primary">Examples</summary>
            <div className="mt-2">
              <Examples onPick={fill} disabled={sending} />
            </div>
          </details>
        ) : null}
      </form>
    </div>
  );
}

function UsageMeter({
  loading,
  error,
  text,
  ratio,
}: {
  loading: boolean;
  error: string | null;
  text: string | null;
  ratio: number;
}) {
  let content: ReactNode;
  if (error) content = <p className="text-destructive">{error}</p>;
  else if (loading || text === null)
    content = <p className="text-muted-foreground">Loading this month’s usage…</p>;
  else
    content = (
      <>
        <p className="text-muted-foreground" data-testid="assistant-usage">
          {text}
        </p>
        <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted">
          <div
            className={cn('h-full rounded-full', ratio >= 0.9 ? 'bg-amber-500' : 'bg-primary')}
            style={{ width: `${Math.round(ratio * 100)}%` }}
          />
        </div>
      </>
    );
  // A fixed height: the meter's text arriving does not push the conversation down.
  return <div className="min-h-9 text-xs">{content}</div>;
}

function Examples({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  return (
    <ul aria-label="Example messages" className="flex flex-wrap gap-2">
      {ASSISTANT_EXAMPLES.map((example) => (
        <li key={example} className="max-w-full">
          <Button
            size="sm"
            variant="outline"
            disabled={disabled}
            className="h-auto max-w-full py-1 text-left whitespace-normal"
            onClick={() => onPick(example)}
          >
            {example}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function TurnView({
  turn,
  showing,
  onShow,
}: {
  turn: Turn;
  /** This reply's proposal is the one open in the grid. */
  showing: boolean;
  onShow: (proposalId: string) => void;
}) {
  if (turn.role === 'user')
    return (
      <div className="ml-6 rounded-lg bg-primary/10 px-3 py-2 text-sm" data-turn="user">
        <span className="sr-only">You: </span>
        <p className="break-words whitespace-pre-wrap">{turn.text}</p>
      </div>
    );
  return (
    <div className="mr-6 rounded-lg bg-muted px-3 py-2 text-sm" data-turn="assistant">
      <p className="text-xs font-semibold text-foreground/80" data-engine={turn.engine}>
        {engineLabel(turn.engine)}
        <span className="sr-only">:</span>
      </p>
      <p className="break-words whitespace-pre-wrap">{turn.text}</p>
      {turn.proposalId && !showing ? (
        <Button size="sm" variant="link" className="h-auto px-0" onClick={() => onShow(turn.proposalId!)}>
          Show these proposed changes
        </Button>
      ) : null}
    </div>
  );
}

export default AssistantPanel;
