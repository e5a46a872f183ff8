import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';

/** What the grid-marks tests share: a week's dates, a validation and a proposal to mark. */
export const dates = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];
export const noOwner = () => undefined;

export function validation(violations: ValidatePeriodResult['violations']): ValidatePeriodResult {
  return {
    violations,
    coverage: [],
    summary: { violations: violations.length, strictViolations: 0, slotsNeeded: 0, slotsFilled: 0 },
  };
}

export function proposal(changes: ProposalDto['changes']): ProposalDto {
  return {
    proposalId: 'p1',
    source: 'agent',
    createdAt: '2026-03-01T10:00:00Z',
    createdByName: 'Omar Owner',
    startDate: '2026-03-02',
    endDate: '2026-03-08',
    mode: 'rebuild',
    changes,
    uncovered: [],
    coverageBefore: { needed: 4, filled: 1 },
    coverageAfter: { needed: 4, filled: 3 },
    hours: [],
    solver: { status: 'optimal', ms: 1234 },
    cost: null,
    undone: false,
  };
}

export const shift = (staffId: string, shiftDate: string) => ({
  staffId,
  shiftDate,
  startTime: '07:00',
  endTime: '15:00',
  breakMinutes: 30,
});
