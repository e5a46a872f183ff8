import type { ProposalDto } from '@rotaboard/core/contracts/proposals';
import { describe, expect, it } from 'vitest';
import { proposalSummary, solverText } from '../../../lib/proposal-summary';
import { availabilityText, coverageText, gridMarks, keepUnchangedRows, proposedNotes } from './grid-marks';
import { dates, noOwner, proposal, shift } from './grid-marks.fixtures';

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
