import { ArrowRight, CalendarCheck, Clock, Layers, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const CARDS = [
  {
    icon: Sparkles,
    title: 'Start for Free',
    text: 'No time limit and no credit card. Build rotas for one team with up to 100 staff, free forever.',
  },
  {
    icon: Clock,
    title: 'Attendance & Payroll',
    text: 'Record late arrivals, sickness and early finishes against shifts, and export worked hours for payroll.',
  },
  {
    icon: Layers,
    title: 'Scalable',
    text: 'Grow from one small team to many, with administrators for each and up to 500 staff per team.',
  },
];

export function HomePage() {
  return (
    <>
      <PageMeta
        title="Staff rotas your team will actually use"
        description="Rotaboard is a simple staff rota and shift scheduling app. Build the week's schedule, share it with your team, and sign in with an emailed link."
      />
      <section className="relative overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="mx-auto mb-5 inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <CalendarCheck aria-hidden="true" className="size-3.5 text-primary" />
            Shift scheduling for small teams
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Staff rotas your team will actually use
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
            Plan the week in minutes, share it with everyone on the team, and keep track of who is working
            when. No spreadsheets, no passwords to forget.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/login" state={{ isSignUp: true }}>
                Get started free
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login" state={{ isSignUp: false }}>
                Log in
              </Link>
            </Button>
          </div>
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
              <CardContent />
            </Card>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="grid gap-10 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">One rota, everyone on the same page</h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              Owners and administrators build the schedule week by week. Staff are invited by email and see
              their own shifts, so nobody has to ask who is on tomorrow.
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Sign in without a password</h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              Enter your email and we send you a link that signs you in. It works once and expires after 15
              minutes, so there is no password to leak or reset.
            </p>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
          <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Build next week's rota today</h2>
          <p className="mx-auto mt-3 max-w-xl opacity-90">
            Free for one team, with no credit card and no time limit.
          </p>
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="mt-6 bg-primary-foreground text-primary hover:bg-primary-foreground/90"
          >
            <Link to="/login" state={{ isSignUp: true }}>
              Create your free account
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}

export default HomePage;
