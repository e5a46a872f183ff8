import type { RequestDto } from '@rotaboard/core/contracts/requests';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { REQUESTS_PAGE_SIZE } from '@rotaboard/core/requests/requests';
import { useQuery } from '@tanstack/react-query';
import { Inbox, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { PaginationBar } from '../../../components/pagination-bar';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { useSelectedTeam } from '../../../lib/teams';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import { requestsQueryOptions, useCancelRequest, useRespondRequest } from '../api/requests';
import { RequestFormDialog } from '../components/request-form-dialog';
import { requestSummary } from '../components/request-summary';
import { ReviewDialog } from '../components/review-dialog';

const STATUS_BADGE = {
  awaiting_colleague: { label: 'Waiting for colleague', variant: 'outline' },
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
} as const;

const STATUSES = ['awaiting_colleague', 'pending', 'approved', 'rejected', 'cancelled'] as const;

const isExchange = (request: RequestDto) =>
  request.requestType === 'swap' || request.requestType === 'give_away';

function RequestCard({
  request,
  showName,
  onReview,
  onCancel,
  onRespond,
  responding,
}: {
  request: RequestDto;
  showName: boolean;
  onReview: (request: RequestDto, decision: 'approved' | 'rejected') => void;
  onCancel: (request: RequestDto) => void;
  onRespond: (request: RequestDto, accept: boolean) => void;
  /** An answer of this request is on its way. */
  responding: boolean;
}) {
  const badge = STATUS_BADGE[request.status as keyof typeof STATUS_BADGE];
  const hour12 = useHour12();
  return (
    <li className="rounded-lg border border-border bg-card p-4" data-testid="request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {showName || request.canRespond ? <p className="font-semibold">{request.staffName}</p> : null}
          <p className={showName ? 'text-sm' : 'font-medium'}>{requestSummary(request, hour12)}</p>
          <p className="text-xs text-muted-foreground">
            Sent{' '}
            {new Date(request.createdAt).toLocaleString(
              'en-GB',
              // '28 Nov 2026, 08:33' as before, or '28 Nov 2026, 8:33 am' on a 12-hour clock.
              hour12
                ? {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                    hour: 'numeric',
                    minute: '2-digit',
                    hour12,
                  }
                : { dateStyle: 'medium', timeStyle: 'short' },
            )}
          </p>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      {request.canRespond ? (
        <p className="mt-2 text-sm">
          {request.staffName} asks you. Once you accept, an administrator decides.
        </p>
      ) : null}
      {request.description && !isExchange(request) ? (
        <p className="mt-2 whitespace-pre-line break-words text-sm">{request.description}</p>
      ) : null}
      {request.reviewedBy || request.adminComments ? (
        <p className="mt-2 rounded-md bg-muted px-3 py-2 text-sm">
          {request.reviewedBy ? <span className="font-medium">{request.reviewedBy}: </span> : null}
          {request.adminComments ?? (request.status === 'approved' ? 'Approved.' : 'Rejected.')}
        </p>
      ) : null}
      {request.canReview || request.canCancel || request.canRespond ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {request.canRespond ? (
            <>
              <Button size="sm" disabled={responding} onClick={() => onRespond(request, true)}>
                {responding ? <Spinner className="size-4" /> : null}
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={responding}
                onClick={() => onRespond(request, false)}
              >
                Decline
              </Button>
            </>
          ) : null}
          {request.canReview ? (
            <>
              <Button size="sm" onClick={() => onReview(request, 'approved')}>
                Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => onReview(request, 'rejected')}>
                Reject
              </Button>
            </>
          ) : null}
          {request.canCancel ? (
            <Button size="sm" variant="outline" onClick={() => onCancel(request)}>
              Cancel request
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** /requests and /requests/{page} (spec 2 §2): staff see their own; administrators review everyone's. */
export function RequestsPage() {
  const { team, isAdmin, isOwner, isLoading } = useSelectedTeam();
  const hour12 = useHour12();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.page ?? 1)) || 1);
  const status = STATUSES.find((s) => s === search.get('status')) ?? null;
  const isPro = team ? planAllows(team.ownerSubscriptionTier, 'requests') : false;
  const requests = useQuery({
    ...requestsQueryOptions(team?.teamId ?? '', page, status),
    enabled: Boolean(team && isPro),
  });
  const [formOpen, setFormOpen] = useState(false);
  const [reviewing, setReviewing] = useState<{
    request: RequestDto;
    decision: 'approved' | 'rejected';
  } | null>(null);
  const [cancelling, setCancelling] = useState<RequestDto | null>(null);
  const cancel = useCancelRequest(team?.teamId ?? '');
  const respond = useRespondRequest(team?.teamId ?? '');
  const [declining, setDeclining] = useState<RequestDto | null>(null);
  const answer = (request: RequestDto, accept: boolean) =>
    respond.mutateAsync(
      { requestId: request.requestId, accept },
      {
        onSuccess: () => toast.success(accept ? 'Accepted: an administrator decides next' : 'Declined'),
        onError: (error) => showApiError(error, 'Failed to answer the request.'),
      },
    );
  const filterId = useId();

  const header = (
    <PageHeader
      title="Requests"
      description={
        isAdmin
          ? 'Time off, swaps and other requests from your team.'
          : 'Ask for time off; swap or give away a shift from the schedule.'
      }
      actions={team && isPro ? <Button onClick={() => setFormOpen(true)}>New request</Button> : null}
    />
  );
  const meta = <PageMeta title="Requests" description="Time-off and other requests for your team." />;
  if (isLoading) return <PageSpinner />;
  if (!team) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        {meta}
        {header}
        <EmptyState icon={Inbox} title="No team yet">
          Requests go to a team's administrators.{' '}
          <Link className="underline" to="/teams">
            Create or join a team
          </Link>{' '}
          first.
        </EmptyState>
      </div>
    );
  }
  if (!isPro) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        {meta}
        {header}
        <EmptyState icon={Lock} title="Requests are part of Pro">
          {isOwner ? (
            <>
              Staff can ask for time off here once {team.teamName} is on Pro.{' '}
              <Link className="font-medium underline underline-offset-4" to="/subscription">
                See plans and upgrade
              </Link>
            </>
          ) : (
            'The team owner can upgrade the team to Pro to turn on requests.'
          )}
        </EmptyState>
      </div>
    );
  }
  const data = requests.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / REQUESTS_PAGE_SIZE)) : 1;
  if (data && page > pageCount)
    return <Navigate to={pageCount === 1 ? '/requests' : `/requests/${pageCount}`} replace />;
  const hrefFor = (n: number) =>
    `${n === 1 ? '/requests' : `/requests/${n}`}${status ? `?status=${status}` : ''}`;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      {meta}
      {header}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={filterId}>Show</Label>
          <Select
            id={filterId}
            value={status ?? 'all'}
            onChange={(e) => {
              const next = new URLSearchParams(search);
              if (e.target.value === 'all') next.delete('status');
              else next.set('status', e.target.value);
              setSearch(next);
            }}
            className="w-44"
          >
            <option value="all">All requests</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_BADGE[s].label}
              </option>
            ))}
          </Select>
        </div>
        {data ? (
          <p className="pb-2 text-sm text-muted-foreground" aria-live="polite">
            {data.totalCount === 1 ? '1 request' : `${data.totalCount} requests`}
          </p>
        ) : null}
      </div>
      {requests.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{errorMessage(requests.error, 'Failed to load requests.')}</AlertDescription>
        </Alert>
      ) : !data ? (
        <PageSpinner label="Loading requests" />
      ) : data.requests.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={status ? `No ${STATUS_BADGE[status].label.toLowerCase()} requests` : 'No requests yet'}
        >
          {isAdmin
            ? 'Requests from your staff appear here for you to approve or reject.'
            : 'Ask for time off with New request; you will see the answer here and by email.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {data.requests.map((request) => (
            <RequestCard
              key={request.requestId}
              request={request}
              showName={isAdmin}
              onReview={(r, decision) => setReviewing({ request: r, decision })}
              onCancel={setCancelling}
              onRespond={(r, accept) => (accept ? void answer(r, true).catch(() => {}) : setDeclining(r))}
              responding={respond.isPending && respond.variables?.requestId === request.requestId}
            />
          ))}
        </ul>
      )}
      <PaginationBar page={page} pageCount={pageCount} hrefFor={hrefFor} />

      <RequestFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        teamId={team.teamId}
        teamName={team.teamName}
        timeZone={team.timeZone}
      />
      <ReviewDialog
        teamId={team.teamId}
        request={reviewing?.request ?? null}
        decision={reviewing?.decision ?? 'approved'}
        onClose={() => setReviewing(null)}
      />
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title="Decline this request?"
        description={declining ? `${declining.staffName}: ${requestSummary(declining, hour12)}` : ''}
        confirmLabel="Decline"
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          if (declining) await answer(declining, false);
        }}
      />
      <Dialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel this request?</DialogTitle>
            <DialogDescription>{cancelling ? requestSummary(cancelling, hour12) : null}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancelling &&
                cancel.mutate(cancelling.requestId, {
                  onSuccess: () => {
                    toast.success('Request cancelled');
                    setCancelling(null);
                  },
                  onError: (error) => showApiError(error, 'Failed to cancel the request.'),
                })
              }
            >
              {cancel.isPending ? <Spinner className="size-4" /> : null}
              Cancel request
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export default RequestsPage;
