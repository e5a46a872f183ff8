import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_TICKET_MESSAGE,
  MAX_TICKET_TITLE,
  NewTicketInput,
  TICKET_TYPES,
} from '@rotaboard/core/contracts/support';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { useCreateTicket } from '../api/support';

type NewTicketValues = NewTicketInput;

/** /support/new: title, type and the first message (spec 2 §5 ticket validation). */
export function NewTicketPage() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const form = useForm<NewTicketValues, unknown, z.output<typeof NewTicketInput>>({
    // Core's NewTicketInput, as the server checks it: what is sent is trimmed.
    resolver: zodResolver(NewTicketInput),
    defaultValues: { title: '', type: 'Help', message: '' },
  });
  const { errors } = form.formState;
  // One sentence for the form, under the message (the spec's "Please fill in all fields").
  const error = errors.title?.message ?? errors.message?.message ?? errors.type?.message;

  const submit = form.handleSubmit(
    (input) =>
      new Promise<void>((resolve) => {
        create.mutate(input, {
          onSuccess: (ticket) => {
            toast.success('Your support ticket has been submitted');
            navigate(`/support/${ticket.id}`);
          },
          onError: (err) => showApiError(err, 'Failed to submit ticket. Please try again.'),
          onSettled: () => resolve(),
        });
      }),
    (problems: FieldErrors<NewTicketValues>) => {
      const first = problems.title?.message ?? problems.message?.message ?? problems.type?.message;
      if (first) toast.error(first);
    },
  );

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <PageMeta title="New support ticket" description="Ask the Rotaboard team for help." />
      <PageHeader title="New ticket" description="Tell us what you need; we answer here and by email." />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            maxLength={MAX_TICKET_TITLE}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${id}-error` : undefined}
            {...form.register('title')}
          />
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select id={`${id}-type`} {...form.register('type')}>
            {TICKET_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea
            id={`${id}-message`}
            rows={8}
            maxLength={MAX_TICKET_MESSAGE}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('message')}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/support">Cancel</Link>
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4" /> : null}
            Submit ticket
          </Button>
        </div>
      </form>
    </div>
  );
}

export default NewTicketPage;
