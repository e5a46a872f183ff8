import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useIsSupportAgent, useTickets } from '../api/support';
import { formatTicketTime, StatusBadge } from '../components/ticket-badges';

/** /support (spec 2 §2 Support screens): the ticket list, for users and for agents. */
export function SupportListPage() {
  const { user } = useAuth();
  const agent = useIsSupportAgent();
  const tickets = useTickets();
  const isAgent = agent.data?.isSupportUser === true;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta
        title="Support"
        description="Ask the Rotaboard team for help, report a bug or send feedback."
      />
      <PageHeader
        title="Support"
        description={
          isAgent
            ? 'Every user’s tickets, Pro accounts first.'
            : 'Ask us for help, report a bug or send feedback.'
        }
        actions={
          agent.data && !isAgent ? (
            <Button asChild>
              <Link to="/support/new">New ticket</Link>
            </Button>
          ) : null
        }
      />
      {isAgent ? (
        <Alert variant="info" className="mb-4">
          <AlertDescription>
            You are a support agent: you can respond to tickets and close them, but not create them.
          </AlertDescription>
        </Alert>
      ) : user && !planAllows(user.subscriptionTier, 'prioritySupport') && agent.data ? (
        <Alert variant="info" className="mb-4">
          <AlertDescription>
            Pro accounts get priority support: their tickets are answered first.{' '}
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              See plans
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      {tickets.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" /> Loading tickets...
        </p>
      ) : tickets.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{errorMessage(tickets.error, 'Failed to load tickets.')}</AlertDescription>
        </Alert>
      ) : tickets.data.length === 0 ? (
        <EmptyState icon={LifeBuoy} title="No tickets yet">
          {isAgent
            ? 'Tickets users open appear here.'
            : 'Open a ticket and we will answer here and by email.'}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {tickets.data.map((ticket) => (
            <li key={ticket.id}>
              <Link
                to={`/support/${ticket.id}`}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className={ticket.unread ? 'font-semibold' : 'font-medium'}>{ticket.title}</span>
                  {ticket.unread ? <Badge>Unread</Badge> : null}
                  {ticket.priority ? <Badge variant="warning">Pro</Badge> : null}
                </span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <StatusBadge status={ticket.status} />
                  <span>{ticket.type}</span>
                  <span>Updated {formatTicketTime(ticket.lastUpdated)}</span>
                  {isAgent && ticket.userId ? (
                    <span className="break-all">User ID {ticket.userId}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default SupportListPage;
