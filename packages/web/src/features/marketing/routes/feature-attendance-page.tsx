import { publicPage } from '@rotaboard/core/site/public-pages';
import { PageMeta } from '../../../components/page-meta';
import { FeaturePage } from '../components/feature-page';
import { SHOT_SIZES } from '../components/screenshot';

export function FeatureAttendancePage() {
  return (
    <>
      <PageMeta {...publicPage('/features/attendance')} />
      <FeaturePage
        eyebrow="Payroll"
        title="From the rota to the payroll, without retyping"
        intro="Record what actually happened against each shift — late, sick, left early, absent — and hand payroll hours that are already right."
        pro
        shot={{
          name: 'attendance',
          alt: 'A shift with attendance adjustments: a late arrival and an early finish, each with its minutes and reason',
          ...SHOT_SIZES.dialog,
        }}
        sections={[
          {
            title: 'Time and attendance',
            text: 'Add adjustments to a shift in minutes with a reason — late arrival, sick leave, unpaid leave, early finish, unscheduled absence — and a short comment. The shift keeps its planned times; the worked time follows the adjustments.',
          },
          {
            title: 'Payroll report',
            text: 'Worked hours per person over a pay period, after breaks and adjustments, ready to hand to whoever runs payroll.',
          },
          {
            title: 'Adjustments report',
            text: 'Every adjustment over a period with its reason and comment, so patterns of lateness or sickness are easy to see and talk about.',
          },
          {
            title: 'An audit trail behind it',
            text: 'Each change to a shift is kept with who made it and when, for two years on Pro, so a question about last month has an answer.',
          },
        ]}
      />
    </>
  );
}

export default FeatureAttendancePage;
