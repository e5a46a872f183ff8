import { publicPage } from '@rotaboard/core/site/public-pages';
import {
  Bell,
  Building2,
  CalendarDays,
  CalendarOff,
  Clock,
  FileSpreadsheet,
  FileText,
  History,
  LifeBuoy,
  Lock,
  type LucideIcon,
  MousePointerClick,
  Palette,
  Radio,
  Sparkles,
  UsersRound,
  Wallet,
} from 'lucide-react';
import { PageMeta } from '../../../components/page-meta';
import { Badge } from '../../../components/ui/badge';
import { GetStartedButton } from '../components/get-started';
import { Island } from '../components/island';
import { PageIntro } from '../components/page-intro';
import { Screenshot, SHOT_SIZES } from '../components/screenshot';

/** The sixteen cards of spec 2 §2 "Features pages", in its order; `pro` marks the paid ones. */
export const FEATURE_CARDS: readonly {
  title: string;
  text: string;
  icon: LucideIcon;
  pro?: boolean;
  href?: string;
}[] = [
  {
    title: 'Visual Builder',
    icon: MousePointerClick,
    text: 'Drag shifts onto the week grid, move them between people and days, and copy a whole week forward.',
    href: '/features/schedule',
  },
  {
    title: 'Day View',
    icon: CalendarDays,
    text: 'See one day hour by hour, to spot gaps and overlaps at a glance.',
    href: '/features/schedule',
  },
  {
    title: 'Customize Shifts',
    icon: Palette,
    text: 'Start and end times, unpaid breaks, six colours and notes that everyone or only managers can read.',
  },
  {
    title: 'Schedule Assistant',
    icon: Sparkles,
    pro: true,
    text: 'Ask for changes in plain English and review each one before accepting it.',
    href: '/assistant',
  },
  {
    title: 'Manage Staff',
    icon: UsersRound,
    text: 'Keep the staff list in order, invite people by email, and let each of them see their own rota.',
  },
  {
    title: 'Live Updates',
    icon: Radio,
    text: 'Changes reach every open screen as they are saved; conflicting edits are caught and the connection recovers by itself.',
  },
  {
    title: 'Schedule Lock',
    icon: Lock,
    text: 'Lock the schedule up to a date so finished days stay as they were, and optionally hide the weeks after it.',
  },
  {
    title: 'Notifications',
    icon: Bell,
    pro: true,
    text: 'Staff are emailed when a shift on a locked day changes, so late changes never go unnoticed.',
  },
  {
    title: 'Time-Off Requests',
    icon: CalendarOff,
    pro: true,
    text: 'Staff ask for time off from their phone; administrators approve or decline in one queue.',
    href: '/features/leave',
  },
  {
    title: 'Leave Report',
    icon: FileSpreadsheet,
    text: 'Holiday and sickness per person over a period, in minutes or full days, downloadable as CSV.',
    href: '/features/leave',
  },
  {
    title: 'Teams & Admin Roles',
    icon: Building2,
    pro: true,
    text: 'Run up to twenty teams, each with up to ten administrators who can build its schedule.',
  },
  {
    title: 'Audit Report',
    icon: History,
    text: 'Who changed which shift, when, and what it was before: seven days on Free, two years on Pro.',
  },
  {
    title: 'Time and Attendance',
    icon: Clock,
    pro: true,
    text: 'Record late arrivals, early finishes, sickness and absence against each shift.',
    href: '/features/attendance',
  },
  {
    title: 'Adjustments Report',
    icon: FileText,
    pro: true,
    text: 'Every attendance adjustment over a period, with its reason and comment, for review.',
    href: '/features/attendance',
  },
  {
    title: 'Payroll Report',
    icon: Wallet,
    pro: true,
    text: 'Worked hours per person after breaks and adjustments, ready to hand to payroll.',
    href: '/features/attendance',
  },
  {
    title: 'Support System',
    icon: LifeBuoy,
    text: 'Ask for help from inside the app and follow the conversation in one place.',
  },
];

export function FeaturesPage() {
  return (
    <>
      <PageMeta {...publicPage('/features')} />
      <PageIntro eyebrow="Features" title="Everything you need to run the rota">
        <p>
          From the first shift on an empty week to the hours you hand to payroll. Features marked Pro come
          with the paid plan.
        </p>
      </PageIntro>
      <section aria-label="Features" className="mx-auto max-w-6xl px-4 sm:px-6">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURE_CARDS.map(({ title, text, icon: Icon, pro, href }) => (
            <li
              key={title}
              className="relative flex flex-col rounded-xl border border-border bg-card p-5 shadow-sm"
              data-testid="feature-card"
            >
              <div className="mb-3 flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {pro ? <Badge>Pro</Badge> : null}
              </div>
              <h2 className="font-semibold tracking-tight">
                {href ? (
                  <a
                    href={href}
                    className="rounded-sm after:absolute after:inset-0 hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {title}
                  </a>
                ) : (
                  title
                )}
              </h2>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      {/* Screens of the app itself (packages/e2e/tests/site-images.spec.ts builds a café's week and
          captures them), below the cards, so they load lazily as the visitor scrolls. */}
      <section aria-labelledby="in-the-app" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6">
        <h2 id="in-the-app" className="text-center text-2xl font-semibold tracking-tight">
          See it in the app
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-muted-foreground">
          These are screens of Rotaboard itself, with a café’s week on them: the week builder, a shift being
          edited, attendance recorded against a shift and a member of staff’s week on a phone.
        </p>
        <Screenshot
          name="schedule-week"
          alt="The week grid: staff down the side, days across, coloured shifts with their times and each person’s total hours"
          {...SHOT_SIZES.screen}
          className="mx-auto mt-8 max-w-5xl"
        />
        <div className="mt-6 grid items-start gap-6 sm:grid-cols-3">
          <Screenshot
            name="shift-editor"
            alt="The shift editor: start and end times, an unpaid break, a colour and a note"
            {...SHOT_SIZES.dialog}
            sizes="(min-width: 640px) 30vw, calc(100vw - 2rem)"
          />
          <Screenshot
            name="attendance"
            alt="A shift with attendance adjustments: a late arrival and an early finish, each with its minutes and reason"
            {...SHOT_SIZES.dialog}
            sizes="(min-width: 640px) 30vw, calc(100vw - 2rem)"
          />
          <Screenshot
            name="schedule-phone"
            alt="A member of staff's week on a phone, shift by shift"
            {...SHOT_SIZES.phone}
            sizes="(min-width: 640px) 30vw, calc(100vw - 2rem)"
            className="mx-auto w-full max-w-[16rem]"
          />
        </div>
      </section>
      <section className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-2xl font-semibold tracking-tight">Try it on next week’s rota</h2>
        <p className="mt-2 text-muted-foreground">
          Free for one team, with no credit card and no time limit.
        </p>
        <div className="mt-6">
          <Island
            name="get-started"
            component={GetStartedButton}
            props={{ page: 'features', size: 'lg' }}
            when="signed-in"
          />
        </div>
      </section>
    </>
  );
}

export default FeaturesPage;
