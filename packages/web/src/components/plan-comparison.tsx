import { PLAN_COMPARISON } from '@rotaboard/core/plans/plan-limits';
import { Check, Minus } from 'lucide-react';
import { cn } from '../lib/utils';

function Cell({ value }: { value: string }) {
  if (value === 'Yes') {
    return (
      <>
        <Check aria-hidden className="mx-auto size-4 text-emerald-600 dark:text-emerald-400" />
        <span className="sr-only">Yes</span>
      </>
    );
  }
  if (value === 'No') {
    return (
      <>
        <Minus aria-hidden className="mx-auto size-4 text-muted-foreground" />
        <span className="sr-only">No</span>
      </>
    );
  }
  return <>{value}</>;
}

/** The comparison table of spec 2 §2, from core's one table: the subscription screen's and the pricing page's. */
export function PlanComparison({ className }: { className?: string }) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-border', className)}>
      <table className="w-full text-sm">
        <caption className="sr-only">What the Free and Pro plans include</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Feature
            </th>
            <th scope="col" className="w-20 px-3 py-2 text-center font-medium sm:w-28">
              Free
            </th>
            <th scope="col" className="w-20 px-3 py-2 text-center font-medium sm:w-28">
              Pro
            </th>
          </tr>
        </thead>
        <tbody>
          {PLAN_COMPARISON.map((row) => (
            <tr key={row.row} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {row.row}
              </th>
              <td className="px-3 py-2 text-center">
                <Cell value={row.free} />
              </td>
              <td className="px-3 py-2 text-center">
                <Cell value={row.pro} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
