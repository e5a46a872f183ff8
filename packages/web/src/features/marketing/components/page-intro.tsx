import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';

/** The heading block every public page opens with. */
export function PageIntro({
  eyebrow,
  title,
  children,
  pro,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  pro?: boolean;
}) {
  return (
    <header className="mx-auto max-w-3xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">
          {eyebrow}
          {pro ? <Badge className="ml-2 align-middle normal-case">Pro</Badge> : null}
        </p>
      ) : null}
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {children ? <div className="mt-5 text-lg text-pretty text-muted-foreground">{children}</div> : null}
    </header>
  );
}
