import { z } from 'zod';
import { IsoDate, PageQuery } from './common.ts';
import { MAX_RANGE_DAYS } from './shifts.ts';

/**
 * The schedule agent's runs and the proposals they make (issue 25), shared with the assistant (issue 26).
 * A proposal is a list of changes an administrator accepts or rejects one by one; accepting goes through
 * the ordinary shift service (conflict rule, strict rules, lock, audit, live update). Nothing here writes.
 */

/** At most this many changes in one proposal (100 staff × 4 weeks × 3 slots fits with room). */
export const MAX_PROPOSAL_CHANGES = 5_000;
/** An agent run covers at most this many days, like validate-period. */
export const MAX_AGENT_RUN_DAYS = MAX_RANGE_DAYS;

export const AGENT_RUN_MODES = ['fill', 'rebuild'] as const;
export const AgentRunMode = z.enum(AGENT_RUN_MODES, { error: 'mode must be fill or rebuild' });
export type AgentRunMode = z.infer<typeof AgentRunMode>;

/** POST /api/teams/{id}/schedule-agent/runs */
export const AgentRunInput = z
  .object({ startDate: IsoDate, endDate: IsoDate, mode: AgentRunMode.default('fill') })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must be on or before endDate',
    path: ['endDate'],
  })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_AGENT_RUN_DAYS, {
    message: `A run can cover at most ${MAX_AGENT_RUN_DAYS} days`,
    path: ['endDate'],
  });
export type AgentRunInput = z.output<typeof AgentRunInput>;

/** `optimal`: HiGHS proved it; `time-limit`: HiGHS's best when time ran out; `fallback`: the greedy fill. */
export const SOLVER_STATUSES = ['optimal', 'time-limit', 'fallback'] as const;
export const SolverStatus = z.enum(SOLVER_STATUSES);
export type SolverStatus = z.infer<typeof SolverStatus>;
export const SolverReport = z.object({ status: SolverStatus, ms: z.number().int() });
export type SolverReport = z.infer<typeof SolverReport>;

export const PROPOSAL_CHANGE_STATES = ['pending', 'accepted', 'rejected', 'failed'] as const;
export const ProposalChangeState = z.enum(PROPOSAL_CHANGE_STATES);
export type ProposalChangeState = z.infer<typeof ProposalChangeState>;

/**
 * The shift a `create` change would add. The assistant's time off is `isTimeOff: true`: with both times,
 * that range; with `startTime` and `endTime` null, the whole day (one day of time off).
 */
export const ProposedShift = z.object({
  staffId: z.string(),
  shiftDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  breakMinutes: z.number().int(),
  isTimeOff: z.boolean().optional(),
});
export type ProposedShift = z.infer<typeof ProposedShift>;

/** The fields an `update` change sets on an existing shift (the assistant's); those left out stay. */
export const ProposedShiftFields = z.object({
  staffId: z.string().optional(),
  shiftDate: z.string().optional(),
  startTime: z.string().nullable().optional(),
  endTime: z.string().nullable().optional(),
  breakMinutes: z.number().int().optional(),
  isTimeOff: z.boolean().optional(),
});
export type ProposedShiftFields = z.infer<typeof ProposedShiftFields>;

/**
 * What the rules said about a change when it was offered (the assistant's changes carry them; the
 * agent offers only changes that break none): the conflict rule, a staffing rule, a locked day.
 */
const Violations = z.array(z.string()).optional();

/**
 * A change as a proposal offers it: what, why, and (the assistant's) what the rules said. Kinds:
 * `create` a shift or time off, `update` an existing shift's fields, `remove` a shift, `day-note` set
 * the note of a day (replacing the day's first note, or adding one).
 */
export const AgentChange = z.discriminatedUnion('kind', [
  z.object({
    changeId: z.string(),
    kind: z.literal('create'),
    shift: ProposedShift,
    reason: z.string(),
    violations: Violations,
  }),
  z.object({
    changeId: z.string(),
    kind: z.literal('update'),
    shiftId: z.string(),
    shift: ProposedShiftFields,
    reason: z.string(),
    violations: Violations,
  }),
  z.object({
    changeId: z.string(),
    kind: z.literal('remove'),
    shiftId: z.string(),
    reason: z.string(),
    violations: Violations,
  }),
  z.object({
    changeId: z.string(),
    kind: z.literal('day-note'),
    date: z.string(),
    text: z.string(),
    reason: z.string(),
    violations: Violations,
  }),
]);
export type AgentChange = z.infer<typeof AgentChange>;

/** Demand left unmet, with the reason nobody could take it (nobody available, rest, hours cap …). */
export const UncoveredSlot = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  role: z.string().nullable(),
  missing: z.number().int(),
  reason: z.string(),
});
export type UncoveredSlot = z.infer<typeof UncoveredSlot>;

export const CoverageCount = z.object({ needed: z.number().int(), filled: z.number().int() });
export type CoverageCount = z.infer<typeof CoverageCount>;

/** Each person's worked minutes in the period after the proposal, beside their contracted weekly minutes. */
export const StaffHours = z.object({
  staffId: z.string(),
  minutes: z.number().int(),
  contractedMinutes: z.number().int().nullable(),
});
export type StaffHours = z.infer<typeof StaffHours>;

/**
 * What the team weeks the run touches cost before and after the proposal, accepted whole, in minor
 * units of the team's currency (issue 43): `afterMinor` is what `/labour` then reports for those weeks.
 * `budgetMinor` is the weekly budget times the weeks, or null when the team has none.
 */
export const AgentCost = z.object({
  beforeMinor: z.number().int(),
  afterMinor: z.number().int(),
  budgetMinor: z.number().int().nullable(),
});
export type AgentCost = z.infer<typeof AgentCost>;

/** The sentence a run answers 409 with while the team's "Schedule agent" switch is off. */
export const SCHEDULE_AGENT_SWITCHED_OFF =
  'The schedule agent is switched off for this team. Turn on "Schedule agent" in the team\'s settings to use it.';

/** 201 of POST …/schedule-agent/runs */
export const AgentRunResult = z.object({
  proposalId: z.string(),
  changes: z.array(AgentChange),
  uncovered: z.array(UncoveredSlot),
  coverageBefore: CoverageCount,
  coverageAfter: CoverageCount,
  hours: z.array(StaffHours),
  solver: SolverReport,
  cost: AgentCost,
});
export type AgentRunResult = z.infer<typeof AgentRunResult>;

/** GET /api/teams/{id}/proposals/{proposalId}: each change with its state (and the shift it made). */
export const ProposalChangeDto = z.intersection(
  AgentChange,
  z.object({
    state: ProposalChangeState,
    /** The shift an accepted `create` made (null otherwise; `update` and `remove` name theirs in shiftId). */
    createdShiftId: z.string().nullable().optional(),
    /** Why accepting it failed (state `failed`). */
    failure: z.string().nullable().optional(),
  }),
);
export type ProposalChangeDto = z.infer<typeof ProposalChangeDto>;

export const PROPOSAL_SOURCES = ['agent', 'assistant'] as const;
export const ProposalDto = z.object({
  proposalId: z.string(),
  source: z.enum(PROPOSAL_SOURCES),
  createdAt: z.string(),
  createdByName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  mode: AgentRunMode.nullable(),
  changes: z.array(ProposalChangeDto),
  uncovered: z.array(UncoveredSlot),
  coverageBefore: CoverageCount,
  coverageAfter: CoverageCount,
  hours: z.array(StaffHours),
  solver: SolverReport.nullable(),
  /** The agent's run's cost (null for the assistant's proposals, and runs before issue 43). */
  cost: AgentCost.nullable(),
  /** True once undo has reverted what this proposal's accepts did. */
  undone: z.boolean(),
});
export type ProposalDto = z.infer<typeof ProposalDto>;

export const ProposalParams = z.object({
  id: z.uuid('Team not found'),
  proposalId: z.uuid('Proposal not found'),
});

/** POST …/accept and …/reject: the changes to act on (each at most once). */
export const ProposalChangeIds = z.object({
  changeIds: z
    .array(z.string({ error: 'changeIds must be a list of change ids' }).max(64, 'Unknown change id'), {
      error: 'changeIds must be a list of change ids',
    })
    .min(1, 'Choose at least one change')
    .max(MAX_PROPOSAL_CHANGES, `At most ${MAX_PROPOSAL_CHANGES} changes at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type ProposalChangeIds = z.output<typeof ProposalChangeIds>;

export const AcceptResult = z.object({
  accepted: z.array(z.object({ changeId: z.string(), shiftId: z.string().nullable() })),
  failed: z.array(z.object({ changeId: z.string(), message: z.string() })),
});
export type AcceptResult = z.infer<typeof AcceptResult>;

export const RejectResult = z.object({ rejected: z.array(z.string()) });
export type RejectResult = z.infer<typeof RejectResult>;

/** POST …/undo: which accepted changes were reverted, and any that could not be (the day is now locked …). */
export const UndoResult = z.object({
  undone: z.array(z.string()),
  failed: z.array(z.object({ changeId: z.string(), message: z.string() })),
});
export type UndoResult = z.infer<typeof UndoResult>;

export const AgentLogsQuery = PageQuery;
export const AgentLogItem = z.object({
  proposalId: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  mode: AgentRunMode,
  coverageBefore: CoverageCount,
  coverageAfter: CoverageCount,
  solver: SolverReport,
  proposed: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
});
export type AgentLogItem = z.infer<typeof AgentLogItem>;
export const AgentLogsResponse = z.object({ items: z.array(AgentLogItem), total: z.number().int() });
export type AgentLogsResponse = z.infer<typeof AgentLogsResponse>;
