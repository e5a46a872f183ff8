import { REGIONS, type Region } from '@rotaboard/core/regions/regions';
import { RegionSelect } from '../../../components/region-select';
import { useRegion } from '../../../lib/region';
import { useMounted } from '../lib/visitor';

/** What the prerendered page shows before the visitor's own region is known. */
export const PRERENDER_REGION: Region = 'US';

/** The region prices are shown in: the prerendered one while hydrating, then the visitor's. */
function usePricingRegion(): Region {
  const mounted = useMounted();
  const stored = useRegion();
  return mounted ? stored : PRERENDER_REGION;
}

/**
 * A plan's price in the visitor's region and currency, an island of the pricing page: it follows the
 * region select (another island) through the stored region (lib/region.ts).
 */
export function PlanPrice({ plan }: { plan: 'free' | 'pro' }) {
  const { symbol, monthlyPrice, currency } = REGIONS[usePricingRegion()];
  if (plan === 'free') {
    return (
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight" data-testid="free-price">
          {symbol}0
        </span>
        <span className="text-muted-foreground">forever</span>
      </p>
    );
  }
  return (
    <p className="mt-4 flex items-baseline gap-1">
      <span className="text-4xl font-bold tracking-tight" data-testid="pro-price">
        {symbol}
        {monthlyPrice}
      </span>
      <span className="text-muted-foreground">/mo</span>
      <span className="sr-only">({currency} a month)</span>
    </p>
  );
}

/** The pricing page's region and currency select, an island. */
export function PricingRegionSelect({ id }: { id: string }) {
  return <RegionSelect id={id} value={usePricingRegion()} />;
}
