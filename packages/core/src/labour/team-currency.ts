import { detectRegion, REGIONS } from '../regions/regions.ts';
import { isIsoCurrency } from './money.ts';

/**
 * A new team's currency when its owner names none (issue 43): the one the owner pays the plan in, or,
 * for an owner who has never paid, their region's as the team's time zone says (London → GBP, an EU
 * member state's zone → EUR, elsewhere USD).
 */
export function defaultTeamCurrency(ownerBillingCurrency: string | null, timeZone: string): string {
  const billing = ownerBillingCurrency?.toUpperCase() ?? null;
  if (billing && isIsoCurrency(billing)) return billing;
  return REGIONS[detectRegion({ timeZone })].currency;
}
