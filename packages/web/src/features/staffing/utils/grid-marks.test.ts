import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import type { ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';
import { describe, expect, it } from 'vitest';
import { proposalSummary, solverText } from '../../../lib/proposal-summary';
import { availabilityText, coverageText, gridMarks, keepUnchangedRows, proposedNotes } from './grid-marks';

// Monday 2 March 2026 to Sunday 8 March.
const dates = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];
const noOwner = () => undefined;

function validation(violations: ValidatePeriodResult['violations']): ValidatePeriodResult {
  return {
    violations,
    coverage: [],
    summary: { violations: violations.length, strictViolations: 0, slotsNeeded: 0, slotsFilled: 0 },
  };
}

function proposal(changes: ProposalDto['changes']): ProposalDto {
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
    undone: false,
  };
}

const shift = (staffId: string, shiftDate: string) => ({
  staffId,
  shiftDate,
  startTime: '07:00',
  endTime: '15:00',
  breakMinutes: 30,
});

describe('gridMarks', () => {
  it('puts a violation on each of its dates in the week and flags its shifts, strict over warning', () => {
    const rows = gridMarks(
      dates,
      validation([
        {
          rule: 'rest',
          strict: true,
          staffId: 'ana',
          dates: ['2026-03-02', '2026-03-03'],
          shiftIds: ['s1', 's2'],
          message: 'Ana has 8 h between shifts (Mon 22:00 to Tue 06:00); the minimum is 11 h',
        },
        {
          rule: 'shift-length',
          strict: false,
          staffId: 'ana',
          dates: ['2026-03-03'],
          shiftIds: ['s2'],
          message: 'Ana works 14 h on Tue; the maximum is 12 h',
        },
        // A date outside the week on screen is not drawn (the period is the week, but say so).
        {
          rule: 'weekly-hours',
          strict: false,
          staffId: 'ben',
          dates: ['2026-03-09'],
          shiftIds: [],
          message: 'Ben works 50 h',
        },
      ]),
      undefined,
      undefined,
      noOwner,
    );
    const ana = rows.get('ana')!;
    expect(ana.cells[0]!.violations.map((v) => v.rule)).toEqual(['rest']);
    expect(ana.cells[1]!.violations.map((v) => v.rule)).toEqual(['rest', 'shift-length']);
    expect(ana.cells[2]!.violations).toEqual([]);
    expect(ana.flagged).toEqual({ s1: 'strict', s2: 'strict' });
    expect(rows.has('ben')).toBe(false);
  });

  it('flags a shift with only non-strict breaks as a warning', () => {
    const rows = gridMarks(
      dates,
      validation([
        {
          rule: 'shift-length',
          strict: false,
          staffId: 'ana',
          dates: ['2026-03-04'],
          shiftIds: ['s3'],
          message: 'x',
        },
      ]),
      undefined,
      undefined,
      noOwner,
    );
    expect(rows.get('ana')!.flagged).toEqual({ s3: 'warning' });
  });

  it('marks weekly availability on its weekday (7 = Sunday) and dated availability on its date', () => {
    const rows = gridMarks(
      dates,
      undefined,
      [
        {
          staffId: 'ana',
          weekly: [
            { weekday: 3, startTime: null, endTime: null, kind: 'unavailable' },
            { weekday: 7, startTime: '07:00', endTime: '15:00', kind: 'preferred' },
          ],
          dates: [{ date: '2026-03-05', startTime: '12:00', endTime: '23:59', kind: 'unavailable' }],
        },
        { staffId: 'ben', weekly: [], dates: [] },
      ],
      undefined,
      noOwner,
    );
    const cells = rows.get('ana')!.cells;
    expect(cells[2]!.availability).toEqual([{ kind: 'unavailable', startTime: null, endTime: null }]);
    expect(cells[3]!.availability).toEqual([{ kind: 'unavailable', startTime: '12:00', endTime: '23:59' }]);
    expect(cells[6]!.availability).toEqual([{ kind: 'preferred', startTime: '07:00', endTime: '15:00' }]);
    expect(cells[0]!.availability).toEqual([]);
    expect(rows.has('ben')).toBe(false);
  });

  it('places pending and failed creates in their cells, removals on their owner, and hides decided ones', () => {
    const rows = gridMarks(
      dates,
      undefined,
      undefined,
      proposal([
        {
          changeId: 'c1',
          kind: 'create',
          shift: shift('ana', '2026-03-03'),
          reason: 'covers Tue',
          state: 'pending',
        },
        {
          changeId: 'c2',
          kind: 'create',
          shift: shift('ben', '2026-03-04'),
          reason: 'covers Wed',
          state: 'failed',
          failure: 'Ben is on holiday',
        },
        { changeId: 'c3', kind: 'create', shift: shift('ana', '2026-03-05'), reason: 'r', state: 'accepted' },
        { changeId: 'c4', kind: 'create', shift: shift('ana', '2026-03-06'), reason: 'r', state: 'rejected' },
        // Outside the week on screen: listed in the bar, not drawn.
        { changeId: 'c5', kind: 'create', shift: shift('ana', '2026-03-10'), reason: 'r', state: 'pending' },
        { changeId: 'c6', kind: 'remove', shiftId: 'old', reason: 'frees Ana', state: 'pending' },
        { changeId: 'c7', kind: 'remove', shiftId: 'unloaded', reason: 'r', state: 'pending' },
      ]),
      (shiftId) => (shiftId === 'old' ? 'cara' : undefined),
    );
    expect(rows.get('ana')!.cells[1]!.proposed.map((chip) => chip.changeId)).toEqual(['c1']);
    expect(
      rows
        .get('ana')!
        .cells.flatMap((cell) => cell.proposed)
        .map((chip) => chip.changeId),
    ).toEqual(['c1']);
    expect(rows.get('ben')!.cells[2]!.proposed[0]).toMatchObject({
      state: 'failed',
      failure: 'Ben is on holiday',
    });
    expect(rows.get('cara')!.removals).toEqual({
      old: { changeId: 'c6', reason: 'frees Ana', state: 'pending', failure: null, movedTo: null },
    });
  });

  it('draws an assistant update at its new place and marks the shift where it is now', () => {
    const loaded = {
      staffId: 'ben',
      shiftDate: '2026-03-06',
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 30,
      isTimeOff: false,
    };
    const assistant: ProposalDto = {
      ...proposal([]),
      source: 'assistant',
      changes: [
        {
          changeId: 'u1',
          kind: 'update',
          shiftId: 'fri',
          shift: { shiftDate: '2026-03-07' },
          reason: 'asked to move it',
          state: 'pending',
        },
        // The shift to change is not loaded: nothing to draw.
        {
          changeId: 'u2',
          kind: 'update',
          shiftId: 'gone',
          shift: { startTime: '10:00' },
          reason: 'r',
          state: 'pending',
        },
        // Decided, or a day note: not drawn in the cells.
        {
          changeId: 'u3',
          kind: 'update',
          shiftId: 'fri',
          shift: { shiftDate: '2026-03-08' },
          reason: 'r',
          state: 'accepted',
        },
        {
          changeId: 'n1',
          kind: 'day-note',
          date: '2026-03-04',
          text: 'Stocktake',
          reason: 'r',
          state: 'pending',
        },
      ],
    };
    const rows = gridMarks(
      dates,
      undefined,
      undefined,
      assistant,
      (id) => (id === 'fri' ? 'ben' : undefined),
      (id) => (id === 'fri' ? loaded : undefined),
    );
    const ben = rows.get('ben')!;
    expect(ben.removals).toEqual({
      fri: {
        changeId: 'u1',
        reason: 'asked to move it',
        state: 'pending',
        failure: null,
        movedTo: 'Sat 7 Mar 09:00–17:00',
      },
    });
    expect(ben.cells[5]!.proposed).toEqual([
      {
        changeId: 'u1',
        shift: { ...loaded, shiftDate: '2026-03-07' },
        reason: 'asked to move it',
        state: 'pending',
        failure: null,
        movedFrom: 'Fri 6 Mar 09:00–17:00',
      },
    ]);
    expect(ben.cells.flatMap((cell) => cell.proposed)).toHaveLength(1);
    expect([...rows.keys()]).toEqual(['ben']);
  });

  it('draws an update that gives the shift to someone else in their row', () => {
    const loaded = {
      staffId: 'ben',
      shiftDate: '2026-03-06',
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 0,
      isTimeOff: false,
    };
    const rows = gridMarks(
      dates,
      undefined,
      undefined,
      {
        ...proposal([]),
        changes: [
          {
            changeId: 'u1',
            kind: 'update',
            shiftId: 's',
            shift: { staffId: 'ana', startTime: '10:00' },
            reason: 'r',
            state: 'failed',
            failure: 'Ana is off',
          },
        ],
      },
      () => 'ben',
      () => loaded,
    );
    expect(rows.get('ben')!.removals.s).toMatchObject({
      movedTo: 'Fri 6 Mar 10:00–17:00',
      failure: 'Ana is off',
    });
    expect(rows.get('ana')!.cells[4]!.proposed[0]).toMatchObject({
      shift: { staffId: 'ana', startTime: '10:00', endTime: '17:00' },
      movedFrom: 'Fri 6 Mar 09:00–17:00',
    });
  });
});

describe('proposedNotes', () => {
  it('lists the day notes still to decide, or failed, on the days shown, in the proposal order', () => {
    const note = (
      changeId: string,
      date: string,
      text: string,
      state: 'pending' | 'accepted' | 'rejected' | 'failed',
    ) => ({
      changeId,
      kind: 'day-note' as const,
      date,
      text,
      reason: `asked for ${changeId}`,
      state,
      ...(state === 'failed' ? { failure: 'Wednesday is locked' } : {}),
    });
    const assistant: ProposalDto = {
      ...proposal([]),
      source: 'assistant',
      changes: [
        note('n1', '2026-03-04', 'Stocktake', 'pending'),
        { changeId: 'c1', kind: 'create', shift: shift('ana', '2026-03-04'), reason: 'r', state: 'pending' },
        note('n2', '2026-03-05', 'Delivery', 'accepted'),
        note('n3', '2026-03-06', 'Team lunch', 'rejected'),
        note('n4', '2026-03-04', '', 'failed'),
        // Outside the week on screen: the proposal's bar lists it, the heading cannot draw it.
        note('n5', '2026-03-09', 'Next week', 'pending'),
      ],
    };
    expect(proposedNotes(dates, assistant)).toEqual([
      {
        changeId: 'n1',
        date: '2026-03-04',
        text: 'Stocktake',
        reason: 'asked for n1',
        state: 'pending',
        failure: null,
      },
      {
        changeId: 'n4',
        date: '2026-03-04',
        text: '',
        reason: 'asked for n4',
        state: 'failed',
        failure: 'Wednesday is locked',
      },
    ]);
    expect(proposedNotes(dates, undefined)).toEqual([]);
  });
});

describe('keepUnchangedRows', () => {
  it('keeps the previous object of a row whose marks are equal, and the new one otherwise', () => {
    const first = gridMarks(
      dates,
      undefined,
      [
        {
          staffId: 'ana',
          weekly: [],
          dates: [{ date: '2026-03-02', startTime: null, endTime: null, kind: 'unavailable' }],
        },
      ],
      undefined,
      noOwner,
    );
    const same = gridMarks(
      dates,
      undefined,
      [
        {
          staffId: 'ana',
          weekly: [],
          dates: [{ date: '2026-03-02', startTime: null, endTime: null, kind: 'unavailable' }],
        },
      ],
      undefined,
      noOwner,
    );
    const changed = gridMarks(
      dates,
      undefined,
      [
        {
          staffId: 'ana',
          weekly: [],
          dates: [{ date: '2026-03-03', startTime: null, endTime: null, kind: 'unavailable' }],
        },
      ],
      undefined,
      noOwner,
    );
    expect(keepUnchangedRows(first, same).get('ana')).toBe(first.get('ana'));
    expect(keepUnchangedRows(first, changed).get('ana')).not.toBe(first.get('ana'));
  });
});

describe('texts', () => {
  it('says availability and coverage as the grid shows them', () => {
    expect(availabilityText({ kind: 'unavailable', startTime: null, endTime: null })).toBe(
      'Unavailable all day',
    );
    expect(availabilityText({ kind: 'unavailable', startTime: '12:00', endTime: '23:59' })).toBe(
      'Unavailable 12:00–23:59',
    );
    expect(availabilityText({ kind: 'preferred', startTime: '07:00', endTime: '15:00' })).toBe(
      'Prefers to work 07:00–15:00',
    );
    expect(coverageText({ startTime: '07:00', endTime: '15:00', role: null, assigned: 1, needed: 2 })).toBe(
      '07:00–15:00 1/2',
    );
    expect(
      coverageText({ startTime: '22:00', endTime: '06:00', role: 'Nurse', assigned: 2, needed: 2 }),
    ).toBe('22:00–06:00 Nurse 2/2');
  });

  it('counts a proposal by state and names what the solver did', () => {
    const summary = proposalSummary(
      proposal([
        { changeId: 'a', kind: 'create', shift: shift('ana', '2026-03-02'), reason: 'r', state: 'pending' },
        { changeId: 'b', kind: 'remove', shiftId: 'x', reason: 'r', state: 'pending' },
        { changeId: 'c', kind: 'create', shift: shift('ana', '2026-03-03'), reason: 'r', state: 'accepted' },
        { changeId: 'd', kind: 'create', shift: shift('ana', '2026-03-04'), reason: 'r', state: 'rejected' },
        { changeId: 'e', kind: 'create', shift: shift('ana', '2026-03-05'), reason: 'r', state: 'failed' },
      ]),
    );
    expect(summary.pendingIds).toEqual(['a', 'b']);
    const assistant = proposalSummary({
      changes: [
        {
          changeId: 'u',
          kind: 'update',
          shiftId: 'x',
          shift: { shiftDate: '2026-03-07' },
          reason: 'r',
          state: 'pending',
        },
        {
          changeId: 'n',
          kind: 'day-note',
          date: '2026-03-07',
          text: 'Stocktake',
          reason: 'r',
          state: 'pending',
        },
        { changeId: 'a', kind: 'create', shift: shift('ana', '2026-03-02'), reason: 'r', state: 'pending' },
      ],
    });
    expect(assistant.counts).toBe('1 to add · 2 to change');
    expect(assistant.pendingOther).toBe(2);
    expect(summary.counts).toBe('1 to add · 1 to remove · 1 accepted · 1 rejected · 1 failed');
    expect(proposalSummary(proposal([])).counts).toBe('No changes proposed');
    expect(solverText({ status: 'optimal', ms: 1234 })).toBe('optimal, found in 1.2 s');
    expect(solverText({ status: 'time-limit', ms: 5000 })).toBe('best found in the time limit (5.0 s)');
    expect(solverText({ status: 'fallback', ms: 40 })).toBe('quick fill without the solver (40 ms)');
  });
});
