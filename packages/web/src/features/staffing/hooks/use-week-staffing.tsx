import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { COVERAGE_ROW } from '../../../lib/schedule-grid';
import type {
  GridRowSlot,
  StaffRowMarks,
  WeekStaffing,
  WeekStaffingInput,
} from '../../../lib/schedule-slots';
import { showApiError } from '../../../lib/show-api-error';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import {
  agentCalls,
  proposalQueryOptions,
  teamAvailabilityQueryOptions,
  validatePeriodQueryOptions,
} from '../api/week-staffing-api';
import { type ProposalActions, ProposedNoteView } from '../components/cell-marks';
import { CoverageRow } from '../components/coverage-row';
import { drawRowMarks, shiftsNamed } from '../components/row-marks';
import { WeekStaffingPanels } from '../components/week-staffing-panels';
import { gridMarks, keepUnchangedRows, proposedNotes, type RowMarks } from '../utils/grid-marks';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The staffing rules, availability and the agent in the schedule, its slot `useWeekStaffing`
 * (lib/schedule-slots.ts, composed in by the app) for an administrator: the week checked against the
 * rules and its coverage (Pro), everyone's availability (every plan), the open proposal with its
 * actions (Pro), drawn in the grid's cells, head and coverage row; the Rules and agent buttons'
 * state; and the panels they open. Each refetch of the week's shifts (`shiftsFetchedAt`) checks the
 * week again.
 */
export function useWeekStaffing(input: WeekStaffingInput): WeekStaffing {
  const { teamId, admin, pro, isOwner, dates, shifts, shiftsFetchedAt, staff, proposalId } = input;
  const [rulesOpen, setRulesOpen] = useState(false);
  const [agentOpen, setAgentOpen] = useState(false);
  const queryClient = useQueryClient();
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  const validation = useQuery({
    ...validatePeriodQueryOptions(teamId, start, end, shiftsFetchedAt),
    enabled: admin && pro && shiftsFetchedAt > 0,
  });
  const availability = useQuery({
    ...teamAvailabilityQueryOptions(teamId, start, end),
    enabled: admin,
  });
  const proposal = useQuery({
    ...proposalQueryOptions(teamId, proposalId ?? ''),
    enabled: admin && pro && proposalId !== null,
  });

  const hour12 = useHour12();
  const previous = useRef<ReadonlyMap<string, RowMarks>>(new Map());
  const marks = useMemo(() => {
    const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
    const next = keepUnchangedRows(
      previous.current,
      gridMarks(
        dates,
        validation.data,
        availability.data,
        proposal.data,
        (id) => byId.get(id)?.staffId,
        (id) => byId.get(id),
        hour12,
      ),
    );
    previous.current = next;
    return next;
  }, [dates, validation.data, availability.data, proposal.data, shifts, hour12]);

  const notes = useMemo(() => proposedNotes(dates, proposal.data), [dates, proposal.data]);

  // The proposal's states and the shifts an accept or undo changed; the check follows the shifts
  // (its key is when they were fetched), so it is not asked for twice.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).proposals() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).shifts() }),
    ]);
  const calls = agentCalls(teamId);

  // The calls below read the current proposal through this, whichever render made them.
  const latest = useRef({ proposalId, calls, refresh });
  latest.current = { proposalId, calls, refresh };

  /** Accepts changes; each that fails says why (and shows `failed` in the grid). */
  const accept = async (changeIds: string[]) => {
    const { proposalId: id, calls: api, refresh: reload } = latest.current;
    if (!id || changeIds.length === 0) return;
    try {
      const result = await api.accept(id, changeIds);
      if (result.accepted.length > 0) toast.success(`Accepted ${plural(result.accepted.length, 'change')}`);
      for (const failure of result.failed.slice(0, 3)) toast.error(failure.message);
      if (result.failed.length > 3) toast.error(`${result.failed.length - 3} more could not be accepted`);
    } catch (error) {
      showApiError(error, 'Failed to accept the changes.');
    }
    await reload();
  };
  const reject = async (changeIds: string[]) => {
    const { proposalId: id, calls: api, refresh: reload } = latest.current;
    if (!id || changeIds.length === 0) return;
    try {
      const result = await api.reject(id, changeIds);
      toast.success(`Rejected ${plural(result.rejected.length, 'change')}`);
    } catch (error) {
      showApiError(error, 'Failed to reject the changes.');
    }
    await reload();
  };
  const undo = async () => {
    const { proposalId: id, calls: api, refresh: reload } = latest.current;
    if (!id) return;
    try {
      const result = await api.undo(id);
      toast.success(`Undid ${plural(result.undone.length, 'accepted change')}`);
      for (const failure of result.failed.slice(0, 3)) toast.error(failure.message);
    } catch (error) {
      showApiError(error, 'Failed to undo the accepted changes.');
    }
    await reload();
  };

  // Stable for the life of the page, so the grid's memoised rows keep them: `accept` and `reject`
  // read everything they need through `latest`, so the first render's are as good as any.
  const actionsRef = useRef<ProposalActions | null>(null);
  actionsRef.current ??= {
    accept: (changeId) => void accept([changeId]),
    reject: (changeId) => void reject([changeId]),
  };

  const proposalActions = proposal.data ? actionsRef.current : null;
  const names = useMemo(() => new Map(staff.map((member) => [member.staffId, member.fullName])), [staff]);
  type Drawn = { from: RowMarks; named: (ShiftDto | undefined)[]; to: StaffRowMarks };
  const drawn = useRef<{
    actions: ProposalActions | null;
    names: ReadonlyMap<string, string>;
    rows: Map<string, Drawn>;
  }>({ actions: null, names, rows: new Map() });
  const rowMarks = useMemo(() => {
    if (!admin) return null;
    // A row keeps what it drew while its marks, the shifts they name, the actions and the person's
    // name stay the same: the grid's rows are memoised on it.
    if (drawn.current.actions !== proposalActions || drawn.current.names !== names)
      drawn.current = { actions: proposalActions, names, rows: new Map() };
    const byId = new Map(shifts.map((shift) => [shift.shiftId, shift]));
    const shiftOf = (shiftId: string) => byId.get(shiftId);
    const rows = new Map<string, Drawn>();
    for (const [staffId, row] of marks) {
      const kept = drawn.current.rows.get(staffId);
      const named = shiftsNamed(row, shiftOf);
      const same =
        kept?.from === row &&
        kept.named.length === named.length &&
        kept.named.every((shift, i) => shift === named[i]);
      rows.set(
        staffId,
        same
          ? kept
          : {
              from: row,
              named,
              to: drawRowMarks(row, dates, names.get(staffId) ?? '', shiftOf, proposalActions),
            },
      );
    }
    drawn.current.rows = rows;
    return new Map([...rows].map(([staffId, { to }]) => [staffId, to]));
  }, [admin, marks, names, shifts, dates, proposalActions]);

  const dayMarks = useMemo(() => {
    if (!admin || notes.length === 0) return null;
    return (date: string) =>
      notes
        .filter((note) => note.date === date)
        .map((note) => <ProposedNoteView key={note.changeId} note={note} actions={proposalActions} />);
  }, [admin, notes, proposalActions]);

  const coverage = admin && pro ? (validation.data?.coverage ?? null) : null;
  const coverageRow = useMemo<GridRowSlot | null>(
    () =>
      coverage && coverage.length > 0
        ? {
            key: COVERAGE_ROW,
            render: (rowIndex) => (
              <CoverageRow dates={dates} rowIndex={rowIndex} coverage={coverage} inGrid />
            ),
          }
        : null,
    [coverage, dates],
  );

  const proposalError = proposal.isError ? errorMessage(proposal.error, 'It may have been deleted.') : null;
  return {
    rowMarks,
    dayMarks,
    coverageRow,
    tools: !admin
      ? null
      : pro
        ? {
            pro: true,
            violations: validation.data?.summary.violations ?? null,
            strict: validation.data?.summary.strictViolations ?? 0,
            onRules: () => setRulesOpen(true),
            onAgent: input.agentEnabled ? () => setAgentOpen(true) : null,
          }
        : { pro: false, isOwner },
    proposal: { data: proposal.data, loading: proposal.isPending, error: proposalError },
    accept,
    reject,
    undo,
    panels:
      admin && pro ? (
        <WeekStaffingPanels
          teamId={teamId}
          startDate={start}
          endDate={end}
          validation={validation}
          proposal={{ data: proposal.data, loading: proposal.isPending, error: proposalError }}
          proposalId={proposalId}
          shifts={shifts}
          staffName={(staffId) => names.get(staffId) ?? 'someone no longer on the team'}
          isOwner={isOwner}
          rulesOpen={rulesOpen}
          onRulesOpenChange={setRulesOpen}
          agentOpen={agentOpen && input.agentEnabled}
          currency={input.currency}
          onAgentOpenChange={setAgentOpen}
          onProposal={(result) => {
            const first = result.changes.find((change) => change.kind === 'create');
            input.onOpenProposal(
              result.proposalId,
              first?.kind === 'create' ? first.shift.shiftDate : undefined,
            );
          }}
          onCloseProposal={input.onCloseProposal}
          onShowShift={input.onShowShift}
          onAccept={accept}
          onReject={reject}
          onUndo={undo}
          hideProposalBar={input.assistantOpen && proposal.data?.source === 'assistant'}
        />
      ) : null,
  };
}
