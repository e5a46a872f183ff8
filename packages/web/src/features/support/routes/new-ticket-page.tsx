import {
  FILL_IN_ALL_FIELDS,
  MAX_TICKET_MESSAGE,
  MAX_TICKET_TITLE,
  TICKET_TYPES,
} from '@rotaboard/core/contracts/support';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
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

/** /support/new: title, type and the first message (spec 2 §5 ticket validation). */
export function NewTicketPage() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<(typeof TICKET_TYPES)[number]>('Help');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !message.trim()) {
      setError(FILL_IN_ALL_FIELDS);
      toast.error(FILL_IN_ALL_FIELDS);
      return;
    }
    create.mutate(
      { title: title.trim(), type, message: message.trim() },
      {
        onSuccess: (ticket) => {
          toast.success('Your support ticket has been submitted');
          navigate(`/support/${ticket.id}`);
        },
        onError: (err) => showApiError(err, 'Failed to submit ticket. Please try again.'),
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <PageMeta title="New support ticket" description="Ask the Rotaboard team for help." />
      <PageHeader title="New ticket" description="Tell us what you need; we answer here and by email." />
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={MAX_TICKET_TITLE}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
          />
        </div>
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as (typeof TICKET_TYPES)[number])}
          >
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
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error ?? undefined} />
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
