import { zodResolver } from '@hookform/resolvers/zod';
import { type RequestDto, ReviewInput } from '@rotaboard/core/contracts/requests';
import { MAX_ADMIN_COMMENTS } from '@rotaboard/core/requests/requests';
import { useId, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import { useReviewRequest } from '../api/requests';
import { requestSummary } from './request-summary';

type Clash = { shiftId: string; shiftDate: string; description: string };

// The comment, checked as the server checks it (core ReviewInput); the decision is the button's.
const ReviewForm = ReviewInput.pick({ adminComments: true });
type ReviewFormValues = z.input<typeof ReviewForm>;

/**
 * Approve or reject a request, with a comment for the requester. When approving time off would clash
 * with the person's shifts, the server's list is shown and the reviewer may approve anyway, which
 * removes those shifts in the same step.
 */
export function ReviewDialog({
  teamId,
  request,
  decision,
  onClose,
}: {
  teamId: string;
  request: RequestDto | null;
  decision: 'approved' | 'rejected';
  onClose: () => void;
}) {
  const id = useId();
  const [clashes, setClashes] = useState<Clash[] | null>(null);
  const hour12 = useHour12();
  const review = useReviewRequest(teamId);
  const open = request !== null;
  const form = useForm<ReviewFormValues, unknown, { adminComments: string | null }>({
    resolver: zodResolver(ReviewForm),
    defaultValues: { adminComments: '' },
  });
  const error = form.formState.errors.adminComments?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (!open) return;
    form.reset({ adminComments: '' });
    setClashes(null);
  }, [open]);

  const send = ({ adminComments }: { adminComments: string | null }, removeClashingShifts: boolean) => {
    if (!request) return;
    review.mutate(
      { requestId: request.requestId, status: decision, adminComments, removeClashingShifts },
      {
        onSuccess: () => {
          toast.success(
            decision === 'approved'
              ? `Approved ${request.staffName}'s request`
              : `Rejected ${request.staffName}'s request`,
          );
          onClose();
        },
        onError: (error) => {
          const body = isApiError(error) ? error.clashes : undefined;
          if (isApiError(error) && error.status === 409 && body) setClashes(body);
          else showApiError(error, 'Failed to review the request.');
        },
      },
    );
  };

  const approving = decision === 'approved';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !review.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{approving ? 'Approve request' : 'Reject request'}</DialogTitle>
          <DialogDescription>
            {request ? `${request.staffName}: ${requestSummary(request, hour12)}` : null}
          </DialogDescription>
        </DialogHeader>
        {request?.description ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">{request.description}</p>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-comments`}>Comment for {request?.staffName ?? 'them'} (optional)</Label>
          <Textarea
            id={`${id}-comments`}
            rows={3}
            maxLength={MAX_ADMIN_COMMENTS}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-comments-error` : undefined}
            {...form.register('adminComments')}
          />
          <FieldError id={`${id}-comments-error`} message={error} />
        </div>
        {clashes ? (
          <Alert variant="warning" role="alert">
            <AlertDescription>
              <p className="font-medium">This time off clashes with:</p>
              <ul className="mt-1 list-disc pl-5">
                {clashes.map((c) => (
                  <li key={c.shiftId}>{c.description}</li>
                ))}
              </ul>
              <p className="mt-1">
                Approving removes {clashes.length === 1 ? 'it' : 'them'} from the schedule.
              </p>
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={review.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={approving ? 'default' : 'destructive'}
            disabled={review.isPending}
            onClick={() => void form.handleSubmit((values) => send(values, clashes !== null))()}
          >
            {review.isPending ? <Spinner className="size-4" /> : null}
            {!approving ? 'Reject' : clashes ? 'Approve and remove shifts' : 'Approve'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
