import { ASSISTANT_EXAMPLES } from '@rotaboard/core/assistant/interpret';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ProposalView } from '../../../components/proposal-view';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import type { AssistantSlotProps } from '../../../lib/assistant-slot';
import { cn } from '../../../lib/utils';
import { assistantUsageQueryOptions } from '../api/assistant-api';
import type { Chat, Turn } from '../hooks/use-assistant-chat';
import {
  ASSISTANT_DESCRIPTION,
  engineLabel,
  messageProblem,
  usageSpent,
  usageText,
} from '../utils/assistant-text';

/**
 * The assistant's conversation (Pro): the turns, the open proposal's changes as a list, the message box
 * (Enter sends, Shift+Enter a new line), example prompts and this month's usage.
 */
export function Conversation({
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
              <p>{ASSISTANT_DESCRIPTION} Try one of these:</p>
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
