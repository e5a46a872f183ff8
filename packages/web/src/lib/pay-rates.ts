import type { PayRateDto } from '@rotaboard/core/contracts/labour';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';

/**
 * A person's pay rates (issue 43), shared by the staff list's Pay rates dialog (administrators) and
 * Settings → Pay (the person themself).
 */

const path = (teamId: string, staffId: string) => ({ path: { id: teamId, staffId } });

/** One person's pay rates, newest first (issue 43): administrators any, staff only their own. */
export const payRatesQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).payRates(staffId),
    queryFn: async (): Promise<PayRateDto[]> =>
      (await unwrap(api.GET('/api/teams/{id}/staff/{staffId}/pay-rates', { params: path(teamId, staffId) })))
        .payRates,
  });

/** Newest first, as the server sends them (kept so even if the order ever changes). */
export function sortPayRates(rates: readonly PayRateDto[]): PayRateDto[] {
  return [...rates].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
}

/** The rate in force on `today`: the latest starting on or before it (a rate applies until the next). */
export function currentPayRateId(rates: readonly PayRateDto[], today: string): string | null {
  let best: PayRateDto | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= today && (!best || rate.effectiveFrom > best.effectiveFrom)) best = rate;
  }
  return best?.payRateId ?? null;
}
