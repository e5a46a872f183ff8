import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';
import { GetStartedButton } from './get-started';
import { Island } from './island';
import { PageIntro } from './page-intro';
import { Screenshot } from './screenshot';

export type FeatureSection = { title: string; text: ReactNode };

/** A feature page: what it is, a screenshot of the real app, then the details and a way in. */
export function FeaturePage({
  eyebrow,
  title,
  intro,
  pro,
  shot,
  sections,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  pro?: boolean;
  shot?: { name: string; alt: string; width: number; height: number };
  sections: readonly FeatureSection[];
  children?: ReactNode;
}) {
  return (
    <>
      <PageIntro eyebrow={eyebrow} title={title} pro={pro}>
        <p>{intro}</p>
        <div className="mt-8">
          <Island
            name="get-started"
            component={GetStartedButton}
            props={{ page: 'features', size: 'lg' }}
            when="signed-in"
          />
        </div>
      </PageIntro>
      {shot ? (
        // A whole screen spans the column; a dialog (taller than wide) is shown at about its own size.
        <div className={cn('mx-auto px-4 sm:px-6', shot.width > shot.height ? 'max-w-5xl' : 'max-w-md')}>
          <Screenshot
            {...shot}
            eager
            {...(shot.width > shot.height ? {} : { sizes: '(min-width: 480px) 28rem, calc(100vw - 2rem)' })}
          />
        </div>
      ) : null}
      <section className="mx-auto grid max-w-5xl gap-x-10 gap-y-8 px-4 py-16 sm:px-6 md:grid-cols-2">
        {sections.map((section) => (
          <div key={section.title}>
            <h2 className="text-xl font-semibold tracking-tight">{section.title}</h2>
            <div className="mt-2 leading-relaxed text-muted-foreground">{section.text}</div>
          </div>
        ))}
      </section>
      {children}
      <section className="mx-auto max-w-5xl px-4 pb-20 text-center sm:px-6">
        <p className="text-lg font-medium">Free for one team, with no credit card.</p>
        <div className="mt-4">
          <Island
            name="get-started"
            component={GetStartedButton}
            props={{ page: 'features', size: 'lg' }}
            when="signed-in"
          />
        </div>
      </section>
    </>
  );
}
