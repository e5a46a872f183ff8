import { publicPage } from '@rotaboard/core/site/public-pages';
import { ArrowRight, CalendarCheck, Clock, Layers, Sparkles } from 'lucide-react';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Island } from '../components/island';
import { PillBanner } from '../components/pill-banner';
import { ProductDemo } from '../components/product-demo';
import { Screenshot, SHOT_SIZES } from '../components/screenshot';
import { SiteLink } from '../components/site-link';

const CARDS = [
  {
    icon: Sparkles,
    title: 'Start for Free',
    text: 'No time limit and no credit card. One team with up to 100 staff, for as long as you like.',
  },
  {
    icon: Clock,
    title: 'Attendance & Payroll',
    text: 'Record late arrivals, sickness and early finishes against shifts, and export worked hours for payroll.',
  },
  {
    icon: Layers,
    title: 'Scalable',
    text: 'Grow from one team to twenty, with up to ten administrators and 500 staff in each.',
  },
];

export function HomePage() {
  return (
    <>
      <PageMeta {...publicPage('/')} />
      <section className="relative overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
          <p className="mx-auto mb-5 inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <CalendarCheck aria-hidden="true" className="size-3.5 text-primary" />
            Shift scheduling for small teams
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Staff rotas your team will actually use
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
            Drag shifts onto the week, share it with everyone at once, and know who worked when. No
            spreadsheets, no passwords to forget.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <SiteLink href="/login" signUp>
                Get Started
                <ArrowRight aria-hidden="true" />
              </SiteLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="/features">See every feature</a>
            </Button>
          </div>
          <p className="mt-3 text-sm text-muted-foreground">Free forever for one team. No credit card.</p>
        </div>
        <div className="relative px-4 pb-14 sm:px-6">
          <Island name="product-demo" component={ProductDemo} props={{}} />
        </div>
      </section>

      <section aria-labelledby="home-why" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="home-why" className="sr-only">
          Why Rotaboard
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {CARDS.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{title}</CardTitle>
                <CardDescription className="text-base leading-relaxed">{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <Island name="pill-banner" component={PillBanner} props={{}} />

      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            One rota, everyone on the same page
          </h2>
          <p className="mt-4 leading-relaxed text-muted-foreground">
            Owners and administrators build the schedule week by week. Staff are invited by email and see
            their own shifts on their phone, so nobody has to ask who is on tomorrow. Changes reach every open
            screen the moment they are saved, and two people editing the same shift are told before one undoes
            the other.
          </p>
          <p className="mt-4">
            <a
              href="/features/schedule"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              More about scheduling
            </a>
          </p>
        </div>
        <Screenshot
          name="schedule-phone"
          alt="A member of staff's week on a phone: their shifts as a list, day by day"
          {...SHOT_SIZES.phone}
          sizes="16rem"
          className="mx-auto w-full max-w-[16rem]"
        />
      </section>

      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-16 sm:px-6 md:grid-cols-2">
        <div className="md:order-2">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Sign in without a password</h2>
          <p className="mt-4 leading-relaxed text-muted-foreground">
            Enter your email and we send you a link that signs you in. It works once and expires after 15
            minutes, so there is no password to leak, share or reset. Lock the days that are done, keep a full
            history of every change, and hand the busy weeks to the people you trust with administrator
            rights.
          </p>
          <p className="mt-4">
            <a href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
              Compare the plans
            </a>
          </p>
        </div>
        <Screenshot
          name="shift-editor"
          alt="The shift editor: start and end times, break minutes, colour and notes"
          {...SHOT_SIZES.dialog}
          sizes="(min-width: 768px) 24rem, calc(100vw - 2rem)"
          className="mx-auto w-full max-w-sm md:order-1"
        />
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Build next week’s rota today</h2>
          <p className="mx-auto mt-3 max-w-xl">Free for one team, with no credit card and no time limit.</p>
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="mt-6 bg-primary-foreground text-primary hover:bg-primary-foreground/90"
          >
            <SiteLink href="/login" signUp>
              Create your free account
            </SiteLink>
          </Button>
        </div>
      </section>
    </>
  );
}

export default HomePage;
