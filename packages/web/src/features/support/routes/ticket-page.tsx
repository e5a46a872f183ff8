import type { SupportVisitDto, TicketDto } from '@rotaboard/core/contracts/support';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { SUPPORT_MODE_REDIRECT_MS } from '@rotaboard/core/support/support-mode';
import { LifeBuoy, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { showApiError } from '../../../lib/show-api-error';
import { writeSupportModeRecord } from '../../../lib/support-mode';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useLogInAsUser, useSetTicketStatus, useTicket } from '../api/support';
import { ReplyForm } from '../components/reply-form';
import { formatTicketTime, StatusBadge } from '../components/ticket-badges';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /support/{ticketId}: the thread and a send box (spec 2 §2, §4). */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const valid = UUID.test(ticketId);
  useEffect(() => {
    if (!valid) toast.error('Invalid ticket ID');
  }, [valid]);
  if (!valid) return <Navigate to="/support" replace />;
  return <Ticket id={ticketId} />;
}

function Ticket({ id }: { id: string }) {
  const ticket = useTicket(id);
  const setStatus = useSetTicketStatus(id);
  const notFound = isApiError(ticket.error) && ticket.error.status === 404;
  useEffect(() => {
    if (ticket.isError && !notFound) toast.error('Failed to load ticket details');
  }, [ticket.isError, notFound]);
  if (ticket.isError && !notFound) return <Navigate to="/support" replace />;

  const data = ticket.data;
  const last = data?.messages.at(-1);
  const toggle = () =>
    data &&
    setStatus.mutate(data.status === 'open' ? 'closed' : 'open', {
      onSuccess: (t) => toast.success(t.status === 'open' ? 'Ticket open' : 'Ticket closed'),
      onError: (err) => showApiError(err, 'Failed to update ticket status'),
    });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta title={data?.title ?? 'Support ticket'} description="A support ticket and its messages." />
      <Link to="/support" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← All tickets
      </Link>
      {notFound ? (
        <h1 className="mt-4 text-2xl font-semibold">Ticket not found</h1>
      ) : !data ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" /> Loading ticket details...
        </p>
      ) : (
        <>
          <div className="mt-3 mb-4 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-semibold tracking-tight">{data.title}</h1>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <StatusBadge status={data.status} /> {data.type} · Updated{' '}
                {formatTicketTime(data.lastUpdated)}
              </p>
            </div>
            <Button variant="outline" onClick={toggle} disabled={setStatus.isPending}>
              {data.status === 'open' ? 'Close ticket' : 'Reopen ticket'}
            </Button>
          </div>
          {data.userDetails && data.userId ? (
            <LogInAsUser ticketId={data.id} userId={data.userId} details={data.userDetails} />
          ) : null}
          {data.userDetails ? (
            <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-border bg-card p-3 text-sm">
              <dt className="text-muted-foreground">User</dt>
              <dd className="break-all">
                {data.userDetails.firstName} {data.userDetails.lastName} · {data.userDetails.email}
              </dd>
              <dt className="text-muted-foreground">Plan</dt>
              <dd>{planOf(data.userDetails.subscriptionTier).label}</dd>
              <dt className="text-muted-foreground">Joined</dt>
              <dd>{formatTicketTime(data.userDetails.userCreatedAt)}</dd>
              <dt className="text-muted-foreground">Last login</dt>
              <dd>{data.userDetails.lastLogin ? formatTicketTime(data.userDetails.lastLogin) : '-'}</dd>
              {data.userDetails.stripeCustomerId ? (
                <>
                  <dt className="text-muted-foreground">Stripe</dt>
                  <dd className="break-all">{data.userDetails.stripeCustomerId}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <ol className="grid gap-3" aria-label="Messages">
            {timeline(data).map((entry) => {
              if (entry.kind === 'visit') {
                return <SupportVisit key={entry.visit.id} visit={entry.visit} agent={data.isSupportUser} />;
              }
              const m = entry.message;
              const mine = (m.role === 'support') === data.isSupportUser;
              return (
                <li
                  key={m.id}
                  className={cn(
                    'max-w-[85%] rounded-lg border px-3 py-2 text-sm',
                    mine ? 'ml-auto border-primary/30 bg-primary/10' : 'border-border bg-card',
                  )}
                >
                  <p className="mb-1 text-xs text-muted-foreground">
                    {m.role === 'support' ? `Support${m.authorName ? ` (${m.authorName})` : ''}` : 'User'} ·{' '}
                    {formatTicketTime(m.timestamp)}
                  </p>
                  <p className="whitespace-pre-line break-words">{m.content}</p>
                </li>
              );
            })}
          </ol>
          {!data.isSupportUser && last?.role === 'user' ? (
            <p className="mt-3 text-sm text-muted-foreground">
              A support agent will respond to your message as soon as possible.
            </p>
          ) : null}
          {data.status === 'open' ? (
            <ReplyForm ticketId={id} label={data.isSupportUser ? 'Reply' : 'Add a message'} />
          ) : (
            <p className="mt-4 text-sm text-muted-foreground">
              This ticket is closed. Reopen it to send a message.
            </p>
          )}
        </>
      )}
    </div>
  );
}

type Entry =
  | { kind: 'message'; at: string; message: TicketDto['messages'][number] }
  | { kind: 'visit'; at: string; visit: SupportVisitDto };

/** Messages and support visits in the order they happened. */
function timeline(ticket: TicketDto): Entry[] {
  const entries: Entry[] = [
    ...ticket.messages.map((message) => ({ kind: 'message' as const, at: message.timestamp, message })),
    ...ticket.supportVisits.map((visit) => ({ kind: 'visit' as const, at: visit.startedAt, visit })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** When support acted as the user, and for how long (issue 14): the user sees it in their thread. */
function SupportVisit({ visit, agent }: { visit: SupportVisitDto; agent: boolean }) {
  const who = agent
    ? `${visit.agentName} was logged in as this user`
    : `Support (${visit.agentName}) logged in as you`;
  const minutes = visit.endedAt
    ? Math.max(1, Math.round((Date.parse(visit.endedAt) - Date.parse(visit.startedAt)) / 60_000))
    : null;
  return (
    <li className="flex items-start gap-2 rounded-lg border border-dashed border-orange-400/70 bg-orange-50 px-3 py-2 text-sm text-orange-950 dark:bg-orange-500/10 dark:text-orange-100">
      <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {visit.endedAt
          ? `${who} on ${formatTicketTime(visit.startedAt)} for ${minutes === 1 ? '1 minute' : `${minutes} minutes`} (until ${timeOfDay(visit.endedAt)}).`
          : `${who} since ${formatTicketTime(visit.startedAt)} (for up to an hour).`}
      </p>
    </li>
  );
}

/** The agent's "Log in as user" (spec 2 §4): support mode as the ticket's user for up to an hour. */
function LogInAsUser({
  ticketId,
  userId,
  details,
}: {
  ticketId: string;
  userId: string;
  details: NonNullable<TicketDto['userDetails']>;
}) {
  const logIn = useLogInAsUser();
  const { switchAccount } = useAuth();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const start = () =>
    logIn.mutate(
      { userId, ticketId },
      {
        onSuccess: (result) => {
          const { firstName, lastName, email } = result.impersonatedUser;
          writeSupportModeRecord({
            impersonatedUser: { firstName, lastName, email },
            expiresAt: result.expiresAt,
          });
          toast.success(`Now logged in as ${[firstName, lastName].filter(Boolean).join(' ') || email}`);
          setSwitching(true);
          setTimeout(() => {
            void switchAccount().then(() => navigate('/', { replace: true }));
          }, SUPPORT_MODE_REDIRECT_MS);
        },
        onError: () => toast.error('Failed to login as user. Please try again.'),
      },
    );
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
      <p className="min-w-0 text-muted-foreground">
        See Rotaboard as {details.firstName || details.email} does for up to an hour. Your changes are
        recorded as yours.
      </p>
      <Button onClick={start} disabled={logIn.isPending || switching}>
        {logIn.isPending || switching ? <Spinner className="size-4" /> : <LogIn aria-hidden="true" />}
        Log in as user
      </Button>
    </div>
  );
}

export default TicketPage;
