import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import { describe, expect, it } from 'vitest';
import { gridMarks } from './grid-marks';
import { dates, noOwner, proposal, shift, validation } from './grid-marks.fixtures';

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
