import type { OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import type { OpenShiftActions } from '../api/open-shifts-api';
import { OpenShiftCard } from './open-shift-card';

/** Staff on a phone (the agenda, no grid): the week's open shifts they may claim, as a list. */
export function OpenShiftsList({
  openShifts,
  actions,
}: {
  openShifts: readonly OpenShiftDto[];
  actions: OpenShiftActions;
}) {
  if (openShifts.length === 0) return null;
  return (
    <section aria-labelledby="open-shifts-heading" className="mb-4" data-testid="open-shifts-list">
      <h2 id="open-shifts-heading" className="mb-2 text-sm font-semibold">
        Open shifts you can claim
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {openShifts.map((shift) => (
          <li key={shift.openShiftId}>
            <OpenShiftCard shift={shift} isAdmin={false} actions={actions} onDelete={() => {}} showDate />
          </li>
        ))}
      </ul>
    </section>
  );
}
