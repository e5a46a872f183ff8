import { Badge } from '../../../components/ui/badge';

export function StatusBadge({ status }: { status: 'open' | 'closed' }) {
  return (
    <Badge variant={status === 'open' ? 'success' : 'secondary'}>
      {status === 'open' ? 'Open' : 'Closed'}
    </Badge>
  );
}

export const formatTicketTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
