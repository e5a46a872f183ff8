import { PLAN_LIMITS } from '@rotaboard/core/plans/plan-limits';
import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';

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
          alt: 'The shift editor with Time off ticked: all day, with the time off counted in hours',
          width: 1280,
          height: 800,
        }}
        sections={[
          {
            title: 'Time off is a shift',
            text: 'Enter time off as a shift marked Time off. Its break minutes come off the time it counts for, exactly as on a working shift.',
          },
          {
            title: 'All day, or part of one',
            text: 'Tick all day for a full day away, or give the hours for an afternoon at the dentist.',
          },
          {
            title: 'The leave report',
            text: `Time off per person over a period, in minutes or in full days, and downloadable as CSV. Up to about one month at a time on Free (${PLAN_LIMITS.free.leaveReportMaxDays} days), up to a year on Pro.`,
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
