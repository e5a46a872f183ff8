import type { BillingState } from '@rotaboard/core/plans/subscription';
import { users } from '../db/schema.ts';

/** The user columns core's resolveTier reads; selected wherever an owner's plan decides something. */
export const billingStateColumns = {
  billingStatus: users.billingStatus,
  billingPeriodEnd: users.billingPeriodEnd,
  billingCancelAtPeriodEnd: users.billingCancelAtPeriodEnd,
  billingPastDueSince: users.billingPastDueSince,
};

export type BillingColumns = {
  billingStatus: BillingState['status'];
  billingPeriodEnd: Date | null;
  billingCancelAtPeriodEnd: boolean;
  billingPastDueSince: Date | null;
};

export function billingStateOf(row: BillingColumns): BillingState {
  return {
    status: row.billingStatus,
    currentPeriodEnd: row.billingPeriodEnd,
    cancelAtPeriodEnd: row.billingCancelAtPeriodEnd,
    pastDueSince: row.billingPastDueSince,
  };
}
