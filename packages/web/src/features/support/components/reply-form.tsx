import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_TICKET_MESSAGE, TicketMessageInput } from '@rotaboard/core/contracts/support';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useReply } from '../api/support';

/** The send box under an open ticket's thread: a reply (support) or another message (the user). */
export function ReplyForm({ ticketId, label }: { ticketId: string; label: string }) {
  const reply = useReply(ticketId);
  const boxId = useId();
  const form = useForm<{ message: string }>({
    // Core's TicketMessageInput, as the server checks it; what is sent is the trimmed message.
    resolver: zodResolver(TicketMessageInput),
    defaultValues: { message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' });
  const error = form.formState.errors.message?.message;

  const send = form.handleSubmit(
    (input) =>
      new Promise<void>((resolve) => {
        reply.mutate(input.message, {
          onSuccess: () => {
            form.reset({ message: '' });
            toast.success('Message sent');
          },
          onError: (err) => showApiError(err, 'Failed to send message. Please try again.'),
          onSettled: () => resolve(),
        });
      }),
  );

  return (
    <form onSubmit={send} className="mt-4 grid gap-2">
      <label htmlFor={boxId} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={boxId}
        rows={4}
        maxLength={MAX_TICKET_MESSAGE}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${boxId}-error` : undefined}
        {...form.register('message')}
      />
      <FieldError id={`${boxId}-error`} message={error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending || !message.trim()}>
          {reply.isPending ? <Spinner className="size-4" /> : null}
          Send
        </Button>
      </div>
    </form>
  );
}
