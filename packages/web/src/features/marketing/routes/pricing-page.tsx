import { planOf } from '@rotaboard/core/plans/plan-limits';
import { publicPage } from '@rotaboard/core/site/public-pages';
import { Check } from 'lucide-react';
import { PageMeta } from '../../../components/page-meta';
import { PlanComparison } from '../../../components/plan-comparison';
import { Badge } from '../../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { GetStartedButton } from '../components/get-started';
import { Island } from '../components/island';
import { PageIntro } from '../components/page-intro';
import { PlanPrice, PricingRegionSelect } from '../components/pricing-region';

const FREE_POINTS = [
  `${planOf('free').ownedTeams} team with up to ${planOf('free').staffPerTeam} staff`,
  'Drag-and-drop week builder, day view and custom shifts',
  'Staff see their own rota, with live updates',
  'Schedule lock',
  `${planOf('free').scheduleHistoryWeeks} weeks of schedule history`,
];
const PRO_POINTS = [
  `Up to ${planOf('pro').ownedTeams} teams, ${planOf('pro').extraAdminsPerTeam} administrators and ${planOf('pro').staffPerTeam} staff each`,
  'Time-off requests and schedule notifications',
  'Time and attendance, payroll and adjustments reports',
  'Unlimited schedule history and two years of audit',
  'Priority support',
];
const FAQ = [
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel from the Subscription page whenever you like; there is no minimum term.',
  },
  {
    q: 'What happens when I cancel?',
    a: 'You keep Pro until the end of the billing period you have paid for, then your account moves to the Free plan. Your teams and schedules stay.',
  },
  {
    q: 'Do you give refunds?',
    a: 'No. Pro is billed monthly in advance and we do not give pro-rata refunds for part of a month; cancelling stops the next payment.',
  },
  {
    q: 'Where is my data stored?',
    a: 'In the European Union. Rotaboard is run by a limited company registered in the United Kingdom; the privacy policy says what we keep and why.',
  },
  {
    q: 'Do I need a credit card for the Free plan?',
    a: 'No. The Free plan has no time limit and asks for no payment details.',
  },
];

function Points({ points }: { points: readonly string[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {points.map((point) => (
        <li key={point} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {point}
        </li>
      ))}
    </ul>
  );
}

/**
 * The pricing page. Its islands (features/marketing/islands.ts): the two prices and the region select,
 * which share the stored region; the Get Started buttons only for a signed-in visitor.
 */
export function PricingPage() {
  return (
    <>
      <PageMeta {...publicPage('/pricing')} />
      <PageIntro eyebrow="Pricing" title="Start for free, get more when you need it">
        <p>
          Free for one team for as long as you like. Pro when you run more than one, or want requests,
          attendance and payroll.
        </p>
      </PageIntro>

      <section aria-label="Plans" className="mx-auto grid max-w-4xl gap-6 px-4 sm:px-6 md:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Free</CardTitle>
            <CardDescription>Everything one team needs to plan its week.</CardDescription>
            <Island name="plan-price" component={PlanPrice} props={{ plan: 'free' }} />
          </CardHeader>
          <CardContent className="flex-1">
            <Points points={FREE_POINTS} />
          </CardContent>
          <CardFooter>
            <Island
              name="get-started"
              component={GetStartedButton}
              props={{ page: 'features', variant: 'outline', className: 'w-full' }}
              when="signed-in"
            />
          </CardFooter>
        </Card>

        <Card className="flex flex-col border-primary ring-1 ring-primary">
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>Pro</CardTitle>
              <Badge>Most popular</Badge>
            </div>
            <CardDescription>For several teams, and the tools to run them.</CardDescription>
            <Island name="plan-price" component={PlanPrice} props={{ plan: 'pro' }} />
            <div className="mt-3">
              <label htmlFor="pricing-region" className="mb-1 block text-sm font-medium">
                Region and currency
              </label>
              <Island name="region-select" component={PricingRegionSelect} props={{ id: 'pricing-region' }} />
            </div>
          </CardHeader>
          <CardContent className="flex-1">
            <Points points={PRO_POINTS} />
          </CardContent>
          <CardFooter>
            <Island
              name="get-started"
              component={GetStartedButton}
              props={{ page: 'pricing', className: 'w-full' }}
              when="signed-in"
            />
          </CardFooter>
        </Card>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <h2 id="compare-heading" className="mb-6 text-2xl font-semibold tracking-tight">
          Compare the plans
        </h2>
        <PlanComparison className="rounded-xl bg-card" />
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <h2 id="faq-heading" className="mb-6 text-2xl font-semibold tracking-tight">
          Questions
        </h2>
        <div className="divide-y divide-border rounded-xl border border-border bg-card">
          {FAQ.map(({ q, a }) => (
            <details key={q} className="group px-4 py-3" open>
              <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {q}
              </summary>
              <p className="mt-2 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}

export default PricingPage;
