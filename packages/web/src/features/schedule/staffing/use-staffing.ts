import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { showApiError } from '../../../lib/show-api-error';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import type { ProposalActions } from './cell-marks';
import { gridMarks, keepUnchangedRows, proposedNotes, type RowMarks } from './grid-marks';
import {
  agentCalls,
  proposalQueryOptions,
  teamAvailabilityQueryOptions,
  validatePeriodQueryOptions,
} from './staffing-api';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The week grid's staffing layer for an administrator: the week checked against the rules and its
 * coverage (Pro), everyone's availability (every plan), and the open proposal with its actions (Pro).
 * `shiftsFetchedAt` is when the week's shifts were last fetched: each refetch checks the week again.
 */
export function useStaffing({
  teamId,
  admin,
  pro,
  dates,
  shifts,
  shiftsFetchedAt,
  proposalId,
}: {
  teamId: string;
  admin: boolean;
  pro: boolean;
  dates: readonly string[];
  shifts: readonly ShiftDto[];
  shiftsFetchedAt: number;
  proposalId: string | null;
}) {
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

  return {
    validation,
    availability,
    proposal,
    marks,
    proposedNotes: notes,
    proposalActions: proposal.data ? actionsRef.current : null,
    accept,
    reject,
    undo,
  };
}

export type Staffing = ReturnType<typeof useStaffing>;
