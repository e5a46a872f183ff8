import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A spinning indicator; with a label it is announced politely to screen readers. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading…</span>}
    </span>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner {...(label ? { label } : {})} />
    </div>
  );
}
