import { planOf } from '@rotaboard/core/plans/plan-limits';
import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';
import { SHOT_SIZES } from '../components/screenshot';

export function FeatureLeavePage() {
  return (
    <>
      <PageMeta {...publicPage('/features/leave')} />
      <FeaturePage
        eyebrow="Leave"
        title="Holiday and sickness, on the same rota"
        intro="Time off lives on the schedule next to the shifts, so nobody is booked while they are away and the leave report adds itself up."
        shot={{
          name: 'time-off',
          alt: 'The editor with Time off chosen, counted in whole days',
          ...SHOT_SIZES.dialog,
        }}
        sections={[
          {
            title: 'Time off is a shift',
            text: 'Enter time off as a shift marked Time off. Its break minutes come off the time it counts for, exactly as on a working shift.',
          },
          {
            title: 'All day, or part of one',
            text: 'Choose Days for whole days away (the all-day option), Hours for an afternoon at the dentist, or an exact time range.',
          },
          {
            title: 'The leave report',
            text: `Time off per person over a period, in minutes or in full days, and downloadable as CSV. Up to about one month at a time on Free (${planOf('free').leaveReportMaxDays} days), up to a year on Pro.`,
          },
          {
            title: 'Requests from staff (Pro)',
            text: 'Staff ask for time off from the app; administrators see every request in one queue and approve or decline it, and the person is told.',
          },
        ]}
      />
    </>
  );
}

export default FeatureLeavePage;
