import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { usePrefersReducedMotion } from '../lib/motion';
import { useMounted } from '../lib/visitor';
import { ThemedImage } from './screenshot';

/**
 * The steps of the demo: screenshots of the week builder of the real app, taken in order by
 * packages/e2e/tests/site-images.spec.ts (light and dark, WebP, public/site/).
 */
export const DEMO_FRAMES = [
  { name: 'demo-1', caption: 'An empty week for the team' },
  { name: 'demo-2', caption: 'Add a shift: times, break and colour' },
  { name: 'demo-3', caption: 'The week fills in, hours totalled per person' },
  { name: 'demo-4', caption: 'Staff see their own shifts, live' },
] as const;
/** The screenshots' pixels: a 1280×800 screen at twice the density. */
export const DEMO_SIZE = { width: 2560, height: 1600 } as const;
/** The still shown before and instead of the steps: the finished week. */
const POSTER = 'demo-3';
/** Seconds each step stays on screen. */
const STEP_SECONDS = 3.5;

/**
 * The home page's demo: the week builder's steps shown in a loop, cross-fading (CSS animation over a
 * poster, the first step). It plays only once the page is running and the visitor has not asked for
 * reduced motion; it can be paused (WCAG 2.2.2). Without JavaScript, or with reduced motion, the poster
 * and the list of steps stand in for it.
 */
export function ProductDemo() {
  const mounted = useMounted();
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const playing = mounted && !reducedMotion && !paused;
  const cycle = STEP_SECONDS * DEMO_FRAMES.length;

  return (
    <figure className="mx-auto max-w-5xl" aria-labelledby="product-demo-caption">
      <div
        className="relative overflow-hidden rounded-xl border border-border bg-card shadow-2xl ring-1 ring-black/5"
        data-testid="product-demo"
        data-playing={playing ? 'true' : 'false'}
      >
        <ThemedImage
          {...DEMO_SIZE}
          name={POSTER}
          alt="The Rotaboard week builder: a week of shifts for a team"
          eager
        />
        {DEMO_FRAMES.map((frame, index) => (
          <div
            key={frame.name}
            aria-hidden="true"
            className="demo-frame absolute inset-0"
            style={{
              animationDuration: `${cycle}s`,
              animationDelay: `${index * STEP_SECONDS}s`,
              animationPlayState: playing ? 'running' : 'paused',
            }}
          >
            {/* Fetched only once it may play: never for reduced motion, and after the poster. */}
            {mounted && !reducedMotion ? <ThemedImage {...DEMO_SIZE} name={frame.name} alt="" /> : null}
            <p className="absolute inset-x-3 bottom-3 rounded-md bg-background/90 px-3 py-1.5 text-sm font-medium text-foreground shadow-sm sm:inset-x-auto sm:left-4">
              {index + 1}. {frame.caption}
            </p>
          </div>
        ))}
        {mounted && !reducedMotion ? (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md border border-border bg-background/90 text-foreground shadow-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={paused ? 'Play the demo' : 'Pause the demo'}
          >
            {paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
          </button>
        ) : null}
      </div>
      <figcaption id="product-demo-caption" className="mt-4 text-center text-sm text-muted-foreground">
        <span className="sr-only">Building a week in Rotaboard: </span>
        {/* A plain class list, not `cn`: this island would otherwise bring tailwind-merge (8 KB) to the
            home page. */}
        <ol className="inline sm:flex sm:justify-center sm:gap-4">
          {DEMO_FRAMES.map((frame, index) => (
            <li
              key={frame.name}
              className="inline after:content-['_·_'] last:after:content-none sm:after:content-none"
            >
              {index + 1}. {frame.caption}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
