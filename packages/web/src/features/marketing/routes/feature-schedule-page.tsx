import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';
import { Screenshot, SHOT_SIZES } from '../components/screenshot';

export function FeatureSchedulePage() {
  return (
    <>
      <PageMeta {...publicPage('/features/schedule')} />
      <FeaturePage
        eyebrow="Scheduling"
        title="Build the week in minutes"
        intro="Drag shifts onto a grid of people and days, see the hours add up as you go, and share the rota with everyone the moment it is ready."
        shot={{
          name: 'schedule-week',
          alt: 'The week grid: staff down the side, days across, coloured shifts with their times and each person’s total hours',
          ...SHOT_SIZES.screen,
        }}
        sections={[
          {
            title: 'Drag, drop, done',
            text: 'Drag a shift to another person or day. Copy a whole week forward when next week looks like this one, or clear it and start again.',
          },
          {
            title: 'Day view',
            text: 'Open one day to see who is on hour by hour, with the gaps and overlaps plain to see.',
          },
          {
            title: 'Shifts that say what they mean',
            text: 'Times, unpaid break, six colours for roles or areas, and notes either for everyone or only for the people who manage the rota. Day notes sit above the grid for the whole team.',
          },
          {
            title: 'Everyone sees their own rota',
            text: 'Invite staff by email. They sign in with a link, no password, and see their shifts on their phone as a simple list.',
          },
          {
            title: 'Live, without surprises',
            text: 'Changes reach every open screen as soon as they are saved. If two people edit the same shift, the second is told before anything is overwritten, and a dropped connection reconnects by itself.',
          },
          {
            title: 'Lock what is done',
            text: 'Lock the schedule up to a date so past days stay as they were; you can also hide the weeks after the lock until they are ready. On Pro, staff are emailed when a locked day changes.',
          },
        ]}
      >
        <section
          aria-labelledby="phone-heading"
          className="mx-auto grid max-w-5xl items-center gap-10 px-4 pb-16 sm:px-6 md:grid-cols-2"
        >
          <div>
            <h2 id="phone-heading" className="text-2xl font-semibold tracking-tight">
              On every phone
            </h2>
            <p className="mt-2 leading-relaxed text-muted-foreground">
              The same schedule fits a phone screen: staff get their week as an agenda, administrators get the
              grid with the staff names kept in view.
            </p>
          </div>
          <Screenshot
            name="schedule-phone"
            alt="A member of staff's week on a phone, shift by shift"
            {...SHOT_SIZES.phone}
            sizes="16rem"
            className="mx-auto w-full max-w-[16rem]"
          />
        </section>
      </FeaturePage>
    </>
  );
}

export default FeatureSchedulePage;
