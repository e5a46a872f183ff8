import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthShell } from './auth-shell';

/** The outcome of following an emailed link (or logging out): a title, what happened, what next. */
export function ResultCard({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'success' | 'error';
  title: string;
  children?: ReactNode;
  /** What to do next; none when the content carries its own (a form). */
  actions?: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <span
          className={
            tone === 'success'
              ? 'mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300'
              : 'mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-400/15 dark:text-red-300'
          }
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {children ? <div className="mt-3 space-y-2 text-sm text-muted-foreground">{children}</div> : null}
        {actions ? <div className="mt-6 flex w-full flex-col gap-2">{actions}</div> : null}
      </div>
    </AuthShell>
  );
}
