import { cn } from '../../lib/utils';

/** The message under a field; its id is referenced by the field's aria-describedby. */
export function FieldError({
  id,
  message,
  className,
}: {
  id: string;
  message?: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={cn('text-sm font-medium text-destructive', className)}>
      {message}
    </p>
  );
}
