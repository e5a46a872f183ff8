import { describe, expect, it } from 'vitest';
import { callToAction } from './get-started';

describe('the public pages’ main button (spec 2 §2)', () => {
  it('sends visitors who are not signed in (or not yet known) to sign-up, on every page', () => {
    for (const status of ['unknown', 'signedOut'] as const) {
      for (const page of ['pricing', 'features'] as const) {
        expect(callToAction({ status }, page)).toEqual({
          label: 'Get Started',
          href: '/login',
          signUp: true,
        });
      }
    }
  });

  it('offers a signed-in Free user the upgrade on pricing, and the schedule on the feature pages', () => {
    const free = { status: 'signedIn', tier: 'free' } as const;
    expect(callToAction(free, 'pricing')).toEqual({
      label: 'Upgrade Now',
      href: '/subscription',
      signUp: false,
    });
    expect(callToAction(free, 'features')).toEqual({
      label: 'Get Started',
      href: '/schedule',
      signUp: false,
    });
  });

  it('never offers a Pro user the upgrade or a sign-up', () => {
    const pro = { status: 'signedIn', tier: 'pro' } as const;
    for (const page of ['pricing', 'features'] as const) {
      expect(callToAction(pro, page)).toEqual({ label: 'Get Started', href: '/schedule', signUp: false });
    }
  });
});
