import { planOf } from '@rotaboard/core/plans/plan-limits';
import { ArrowRight } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useVisitor, type Visitor } from '../lib/visitor';
import { SiteLink } from './site-link';

export type CallToAction = { label: string; href: string; signUp: boolean };

/**
 * Where a public page's main button goes (spec 2 §2). On pricing: 'Upgrade Now' to /subscription for
 * a signed-in Free user, otherwise 'Get Started' — to sign-up, or for a signed-in Pro user, who has
 * nothing to sign up for, to their schedule. On the feature pages: the schedule when signed in,
 * otherwise sign-up.
 */
export function callToAction(visitor: Visitor, page: 'pricing' | 'features'): CallToAction {
  if (visitor.status !== 'signedIn') return { label: 'Get Started', href: '/login', signUp: true };
  if (page === 'pricing' && !planOf(visitor.tier).paid) {
    return { label: 'Upgrade Now', href: '/subscription', signUp: false };
  }
  return { label: 'Get Started', href: '/schedule', signUp: false };
}

export function GetStartedButton({
  page,
  ...props
}: Pick<ButtonProps, 'size' | 'variant' | 'className'> & { page: 'pricing' | 'features' }) {
  const action = callToAction(useVisitor(), page);
  return (
    <Button asChild {...props}>
      <SiteLink href={action.href} signUp={action.signUp}>
        {action.label}
        <ArrowRight aria-hidden="true" />
      </SiteLink>
    </Button>
  );
}
