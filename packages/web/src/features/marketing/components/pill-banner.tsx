import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../lib/motion';
import { useMounted } from '../lib/visitor';

/** Eighteen of the features of spec 2 §1, nine to a row. */
export const FEATURE_PILLS = [
  [
    'Drag-and-drop builder',
    'Day view',
    'Custom shifts',
    'Schedule assistant',
    'Staff rota access',
    'Live updates',
    'Conflict detection',
    'Schedule lock',
    'Change notifications',
  ],
  [
    'Time-off requests',
    'Leave management',
    'Multiple teams',
    'Audit report',
    'Time and attendance',
    'Adjustments report',
    'Payroll export',
    'Sick leave',
    'Late arrivals',
  ],
] as const;

/** Pixels per animation frame (spec 2 §2): the first row runs left, the second right. */
export const PILL_ROW_SPEEDS = [0.3, 0.4] as const;

function Pills({ names, hidden }: { names: readonly string[]; hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 gap-3 pr-3" aria-hidden={hidden ? true : undefined}>
      {names.map((name) => (
        <li
          key={name}
          className="rounded-full border border-border bg-card px-4 py-2 text-sm font-medium whitespace-nowrap text-foreground shadow-xs"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The feature-pill banner of the home page: two rows moving in opposite directions, a whole number
 * of pixels per frame at 60 Hz. It stands still under prefers-reduced-motion, while the pointer is on
 * it or focus is in it, when paused with its button (WCAG 2.2.2), and while it is off screen. Each
 * row holds its pills twice (the copy hidden from assistive technology), so the loop has no seam.
 */
export function PillBanner() {
  const mounted = useMounted();
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByButton, setPausedByButton] = useState(false);
  const [hovered, setHovered] = useState(false);
  const rows = useRef<(HTMLDivElement | null)[]>([]);
  const section = useRef<HTMLElement>(null);
  const moving = mounted && !reducedMotion && !pausedByButton && !hovered;

  useEffect(() => {
    if (!moving) return;
    const offsets = rows.current.map(() => 0);
    let frame = 0;
    let onScreen = true;
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true;
    });
    if (section.current) observer.observe(section.current);
    const step = () => {
      if (onScreen) {
        rows.current.forEach((row, index) => {
          if (!row) return;
          // One copy of the pills: the distance after which the row looks the same again.
          const loop = row.scrollWidth / 2;
          const next = ((offsets[index] ?? 0) + (PILL_ROW_SPEEDS[index] ?? 0.3)) % loop;
          offsets[index] = next;
          row.style.transform = `translate3d(${index === 0 ? -next : next - loop}px, 0, 0)`;
        });
      }
      frame = requestAnimationFrame(step);
    };
    // Continue from where a pause left the rows.
    rows.current.forEach((row, index) => {
      const match = row?.style.transform.match(/(-?[\d.]+)px/);
      const value = match ? Math.abs(Number(match[1])) : null;
      if (value === null || !row) offsets[index] = 0;
      else offsets[index] = index === 0 ? value : row.scrollWidth / 2 - value;
    });
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [moving]);

  return (
    <section
      ref={section}
      aria-labelledby="feature-pills-heading"
      className="relative py-12"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="mx-auto mb-6 flex max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <h2 id="feature-pills-heading" className="text-2xl font-semibold tracking-tight">
          Everything a rota needs
        </h2>
        {mounted && !reducedMotion ? (
          <button
            type="button"
            onClick={() => setPausedByButton((value) => !value)}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-border bg-card text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={pausedByButton ? 'Play the feature banner' : 'Pause the feature banner'}
          >
            {pausedByButton ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
          </button>
        ) : null}
      </div>
      <div
        className="flex flex-col gap-3 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)]"
        data-testid="feature-pills"
      >
        {FEATURE_PILLS.map((names, index) => (
          <div
            key={names[0]}
            ref={(element) => {
              rows.current[index] = element;
            }}
            data-pill-row={index}
            // The second row starts half-way, so it can run to the right.
            style={index === 1 ? { transform: 'translate3d(-50%, 0, 0)' } : undefined}
            className="flex w-max will-change-transform"
          >
            <Pills names={names} />
            <Pills names={names} hidden />
          </div>
        ))}
      </div>
    </section>
  );
}
