import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { ChartData } from './charts';

// recharts is large: it loads with the first chart, never with the app's entry.
const Chart = lazy(() => import('./charts'));

/** A report's chart in a card, with a text title for screen readers and print. */
export function ReportChart({ title, ...chart }: ChartData & { title: string }) {
  return (
    <figure
      className="report-chart min-w-0 rounded-lg border border-border bg-card p-3 print:break-inside-avoid"
      data-testid="report-chart"
    >
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      {/* Clipped: after the window narrows, the chart keeps its old width until its resize observer
          redraws it, and must not widen the page meanwhile (a phone turned to portrait). */}
      <div className="h-64 w-full overflow-hidden">
        {chart.data.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-muted-foreground">
            Nothing to chart
          </p>
        ) : (
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner />
              </div>
            }
          >
            <Chart {...chart} />
          </Suspense>
        )}
      </div>
    </figure>
  );
}

/** Colours the charts use, one per series, readable in light and dark. */
export const CHART_COLOURS = ['#6366f1', '#14b8a6', '#f59e0b', '#ef4444', '#8b5cf6', '#64748b'];
