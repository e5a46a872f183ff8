import { describe, expect, it } from 'vitest';
import type { AssistantWeek } from '../src/assistant/assistant-week.ts';
import { describeChange } from '../src/assistant/describe-change.ts';
import { interpret, splitInstructions } from '../src/assistant/interpret.ts';
import { readRange } from '../src/assistant/interpret-words.ts';
import { AssistantChangeItem } from '../src/contracts/assistant.ts';

/**
 * The built-in interpreter (issue 26) on a table of phrasings, each with the proposal (or reply) it must
 * give. The week starts Monday 7 Dec 2026: Ava works Monday 09:00–17:00, Ben Friday 10:00–18:00 and
 * Wednesday 12:00–20:00 (30 min break), Cy Saturday 17:00–23:00, Dee has Thursday off.
 */
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const C = 'c0000000-0000-4000-8000-000000000003';
const D = 'd0000000-0000-4000-8000-000000000004';
const week: AssistantWeek = {
  weekStartDate: '2026-12-07',
  today: '2026-12-08',
  staff: [
    { staffId: A, firstName: 'Ava', lastName: 'Adams', role: 'Barista' },
    { staffId: B, firstName: 'Ben', lastName: 'Brown', role: 'Chef' },
    { staffId: C, firstName: 'Cy', lastName: 'Clark', role: 'Barista' },
    { staffId: D, firstName: 'Dee', lastName: 'Dunn', role: 'Host' },
  ],
  entries: [
    {
      shiftId: 's-ava-mon',
      staffId: A,
      shiftDate: '2026-12-07',
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 0,
      isTimeOff: false,
    },
    {
      shiftId: 's-ben-wed',
      staffId: B,
      shiftDate: '2026-12-09',
      startTime: '12:00:00',
      endTime: '20:00:00',
      breakMinutes: 30,
      isTimeOff: false,
    },
    {
      shiftId: 's-ben-fri',
      staffId: B,
      shiftDate: '2026-12-11',
      startTime: '10:00:00',
      endTime: '18:00:00',
      breakMinutes: 0,
      isTimeOff: false,
    },
    {
      shiftId: 's-cy-sat',
      staffId: C,
      shiftDate: '2026-12-12',
      startTime: '17:00:00',
      endTime: '23:00:00',
      breakMinutes: 0,
      isTimeOff: false,
    },
    {
      shiftId: 't-dee-thu',
      staffId: D,
      shiftDate: '2026-12-10',
      startTime: null,
      endTime: null,
      breakMinutes: 0,
      isTimeOff: true,
    },
  ],
  dayNotes: [{ date: '2026-12-11', text: 'Deliveries' }],
};

const MON = '2026-12-07';
const TUE = '2026-12-08';
const WED = '2026-12-09';
const THU = '2026-12-10';
const FRI = '2026-12-11';
const SAT = '2026-12-12';
const SUN = '2026-12-13';

const shift = (staffId: string, shiftDate: string, startTime: string, endTime: string, breakMinutes = 0) => ({
  kind: 'create' as const,
  shift: { staffId, shiftDate, startTime, endTime, breakMinutes, isTimeOff: false },
});
const off = (staffId: string, shiftDate: string) => ({
  kind: 'create' as const,
  shift: { staffId, shiftDate, startTime: null, endTime: null, breakMinutes: 0, isTimeOff: true },
});
const update = (shiftId: string, fields: object) => ({ kind: 'update' as const, shiftId, shift: fields });
const remove = (shiftId: string) => ({ kind: 'remove' as const, shiftId });
const note = (date: string, text: string) => ({ kind: 'day-note' as const, date, text });

/** Phrasing → the changes it must propose, in order. */
const CHANGES: [string, object[]][] = [
  // add
  ['Give Ava Monday and Tuesday 9 to 5', [shift(A, MON, '09:00', '17:00'), shift(A, TUE, '09:00', '17:00')]],
  ['add Ben on Friday 14:00-22:00', [shift(B, FRI, '14:00', '22:00')]],
  ['Put Cy on Tuesday 8am-4pm', [shift(C, TUE, '08:00', '16:00')]],
  ['schedule Dee for Sunday from 10 to 6', [shift(D, SUN, '10:00', '18:00')]],
  ['give ava tue 2-10', [shift(A, TUE, '14:00', '22:00')]],
  ['Give Ava 9 to 5 on Wednesday', [shift(A, WED, '09:00', '17:00')]],
  ['add Ben Brown on Thursday 22:00-06:00', [shift(B, THU, '22:00', '06:00')]],
  [
    'Give Cy Monday to Wednesday 9:30 to 17:30',
    [shift(C, MON, '09:30', '17:30'), shift(C, TUE, '09:30', '17:30'), shift(C, WED, '09:30', '17:30')],
  ],
  ['Give Ava Tuesday 9 to 5 with a 30 minute break', [shift(A, TUE, '09:00', '17:00', 30)]],
  ['please add Dee on Tuesday 7am to noon', [shift(D, TUE, '07:00', '12:00')]],
  [
    'Give Ava Mon, Wed and Fri 10-6',
    [shift(A, MON, '10:00', '18:00'), shift(A, WED, '10:00', '18:00'), shift(A, FRI, '10:00', '18:00')],
  ],
  ['add Ava tomorrow 9-5', [shift(A, WED, '09:00', '17:00')]],
  // move and change
  ["move Ben's Friday shift to Saturday", [update('s-ben-fri', { shiftDate: SAT })]],
  ['move Ben from Friday to Sunday', [update('s-ben-fri', { shiftDate: SUN })]],
  ["Move Ben's shift on Friday to Thursday", [update('s-ben-fri', { shiftDate: THU })]],
  [
    "move Cy's Saturday shift to Sunday 12-8",
    [update('s-cy-sat', { shiftDate: SUN, startTime: '12:00', endTime: '20:00' })],
  ],
  ["change Ben's Friday shift to 10 to 6", [update('s-ben-fri', { startTime: '10:00', endTime: '18:00' })]],
  ["make Ava's shift on Monday 8-4", [update('s-ava-mon', { startTime: '08:00', endTime: '16:00' })]],
  // remove
  ["remove Ben's Friday shift", [remove('s-ben-fri')]],
  ["delete Ava's shift on Monday", [remove('s-ava-mon')]],
  ['take Cy off Saturday', [remove('s-cy-sat')]],
  ['remove Ben on Wednesday', [remove('s-ben-wed')]],
  ["cancel Dee's Thursday time off", [remove('t-dee-thu')]],
  // swap
  ['swap Ava and Ben on Wednesday', [update('s-ben-wed', { staffId: A })]],
  ['swap Ben and Cy on Friday', [update('s-ben-fri', { staffId: C })]],
  ["switch Ben's and Cy's Saturday shifts", [update('s-cy-sat', { staffId: B })]],
  // time off
  ['Ava is off on Thursday', [off(A, THU)]],
  ['time off for Ava Thursday', [off(A, THU)]],
  ['Give Ben Tuesday off', [off(B, TUE)]],
  ['Cy needs a day off on Monday', [off(C, MON)]],
  ['Ben is on holiday Saturday and Sunday', [off(B, SAT), off(B, SUN)]],
  ['Ava off Friday', [off(A, FRI)]],
  // copy and clear
  ['copy Monday to Tuesday', [shift(A, TUE, '09:00', '17:00')]],
  ["Copy Saturday's shifts to Sunday", [shift(C, SUN, '17:00', '23:00')]],
  [
    'copy Monday to Tuesday and Wednesday',
    [shift(A, TUE, '09:00', '17:00'), shift(A, WED, '09:00', '17:00')],
  ],
  ['clear Friday', [remove('s-ben-fri')]],
  ['remove everyone from Saturday', [remove('s-cy-sat')]],
  // day notes
  ['note on Friday: stocktake', [note(FRI, 'stocktake')]],
  ['Add a note to Monday saying Inspection at 10', [note(MON, 'Inspection at 10')]],
  [
    'note for Sunday - Bank holiday hours and late delivery',
    [note(SUN, 'Bank holiday hours and late delivery')],
  ],
  // several at once
  [
    "Give Ava Monday and Tuesday 9 to 5 and move Ben's Friday shift to Saturday",
    [
      shift(A, MON, '09:00', '17:00'),
      shift(A, TUE, '09:00', '17:00'),
      update('s-ben-fri', { shiftDate: SAT }),
    ],
  ],
  ['Ava is off on Thursday. Note on Thursday: short staffed', [off(A, THU), note(THU, 'short staffed')]],
  ['clear Saturday and add Ava on Saturday 9-5', [remove('s-cy-sat'), shift(A, SAT, '09:00', '17:00')]],
  [
    'swap Ava and Ben on Wednesday then copy Monday to Sunday',
    [update('s-ben-wed', { staffId: A }), shift(A, SUN, '09:00', '17:00')],
  ],
];

/** Phrasing → the kind of reply and a sentence it must contain (no changes). */
const REPLIES: [string, 'answer' | 'clarify' | 'not-understood', string][] = [
  // Clearing a day removes shifts only (issue 45): Dee's time off stays.
  [
    'clear all shifts on Thursday',
    'answer',
    'There are no shifts on Thursday 10 Dec to clear (time off is left as it is).',
  ],
  ['who works Saturday evening?', 'answer', 'On Saturday 12 Dec evening: Cy Clark (17:00–23:00).'],
  ['Who is working on Friday?', 'answer', 'On Friday 11 Dec: Ben Brown (10:00–18:00).'],
  ['who works Saturday morning', 'answer', 'Nobody works on Saturday 12 Dec morning.'],
  [
    'how many hours has Ben this week?',
    'answer',
    'Ben Brown works 15.5 hours this week (2 shifts, breaks taken off).',
  ],
  ['How many hours does Dee work this week', 'answer', 'Dee Dunn has no shifts this week.'],
  ['give Zed Monday 9-5', 'answer', 'I can\'t find anyone called "Zed" on this team.'],
  ["move Ava's Friday shift to Saturday", 'answer', 'Ava has no shift on Friday 11 Dec.'],
  ['copy Sunday to Monday', 'answer', 'Nobody works on Sunday 13 Dec, so there is nothing to copy.'],
  ['swap Cy and Dee on Tuesday', 'answer', 'Neither Cy nor Dee has a shift on Tuesday 8 Dec.'],
  ['make me a sandwich', 'not-understood', 'I didn\'t understand "make me a sandwich"'],
  ['Give Ava Monday 25 to 30', 'not-understood', 'is not a time of day'],
  [
    'Give Ava Monday 9 to 5, then fly to the moon',
    'not-understood',
    'I didn\'t understand "fly to the moon"',
  ],
];

describe('the built-in interpreter', () => {
  it.each(CHANGES)('%s', (message, expected) => {
    const result = interpret(message, week);
    expect(result.kind, JSON.stringify(result)).toBe('changes');
    if (result.kind !== 'changes') return;
    expect(result.changes).toEqual(expected);
    // Every change it proposes is a valid propose_changes item, as the model's are.
    for (const change of result.changes) expect(AssistantChangeItem.safeParse(change).success).toBe(true);
    expect(result.reply).toContain(`${expected.length} change`);
  });

  it.each(REPLIES)('%s', (message, kind, sentence) => {
    const result = interpret(message, week);
    expect(result.kind, JSON.stringify(result)).toBe(kind);
    expect(result.reply).toContain(sentence);
    expect('changes' in result).toBe(false);
  });

  it('has a table of at least 40 phrasings', () => {
    expect(CHANGES.length + REPLIES.length).toBeGreaterThanOrEqual(40);
  });

  it('asks which person when two share a name, and never guesses', () => {
    const twoBens: AssistantWeek = {
      ...week,
      staff: [
        ...week.staff,
        {
          staffId: 'e0000000-0000-4000-8000-000000000005',
          firstName: 'Ben',
          lastName: 'Evans',
          role: 'Chef',
        },
      ],
    };
    for (const message of [
      "move Ben's Friday shift to Saturday",
      'Give Ben Monday 9 to 5',
      'how many hours has Ben this week?',
    ]) {
      const result = interpret(message, twoBens);
      expect(result).toEqual({
        kind: 'clarify',
        reply: 'There are 2 people called Ben: Ben Brown or Ben Evans. Which one do you mean?',
      });
    }
    // The full name settles it.
    const settled = interpret('Give Ben Evans Monday 9 to 5', twoBens);
    expect(settled.kind === 'changes' && settled.changes).toEqual([
      shift('e0000000-0000-4000-8000-000000000005', MON, '09:00', '17:00'),
    ]);
  });

  it('proposes at most 50 changes at once, as the model may', () => {
    const crowd: AssistantWeek = {
      ...week,
      entries: Array.from({ length: 9 }, (_, i) => ({
        shiftId: `m${i}`,
        staffId: A,
        shiftDate: MON,
        startTime: `${String(i + 8).padStart(2, '0')}:00:00`,
        endTime: `${String(i + 8).padStart(2, '0')}:30:00`,
        breakMinutes: 0,
        isTimeOff: false,
      })),
    };
    const six = interpret('copy Monday to Tuesday to Sunday', crowd);
    expect(six).toEqual({
      kind: 'answer',
      reply:
        'That would be 54 changes; the assistant proposes at most 50 at a time. Ask for fewer days or people at once.',
    });
    const five = interpret('copy Monday to Tuesday to Saturday', crowd);
    expect(five.kind === 'changes' && five.changes).toHaveLength(45);
  });

  it('lists examples when it does not understand', () => {
    const result = interpret('hello there', week);
    expect(result.kind).toBe('not-understood');
    expect(result.reply).toContain('"Give Ava Monday and Tuesday 9 to 5"');
    expect(result.reply).toContain('"Who works Saturday evening?"');
  });

  it('splits instructions at "and" only where a new one begins', () => {
    expect(
      splitInstructions("Give Ava Monday and Tuesday 9 to 5 and move Ben's Friday shift to Saturday"),
    ).toEqual(['Give Ava Monday and Tuesday 9 to 5', "move Ben's Friday shift to Saturday"]);
    expect(splitInstructions('swap Ava and Ben on Wednesday')).toEqual(['swap Ava and Ben on Wednesday']);
  });

  it('reads time ranges as people say them', () => {
    expect(readRange('9 to 5')).toEqual({ startTime: '09:00', endTime: '17:00' });
    expect(readRange('2-10')).toEqual({ startTime: '14:00', endTime: '22:00' });
    expect(readRange('10pm to 6am')).toEqual({ startTime: '22:00', endTime: '06:00' });
    expect(readRange('6-14')).toEqual({ startTime: '06:00', endTime: '14:00' });
    expect(readRange('12pm-8pm')).toEqual({ startTime: '12:00', endTime: '20:00' });
  });

  it('describes each change in the week’s names', () => {
    expect(describeChange(shift(A, MON, '09:00', '17:00'), week)).toBe(
      'Add Ava Adams on Monday 7 Dec 09:00–17:00',
    );
    expect(describeChange(update('s-ben-fri', { shiftDate: SAT }), week)).toBe(
      "Move Ben Brown's Friday 11 Dec shift (10:00–18:00) to Saturday 12 Dec",
    );
    expect(describeChange(off(A, THU), week)).toBe('Time off for Ava Adams on Thursday 10 Dec');
    expect(describeChange(remove('t-dee-thu'), week)).toBe("Remove Dee Dunn's time off on Thursday 10 Dec");
    expect(describeChange(note(FRI, 'stocktake'), week)).toBe('Note on Friday 11 Dec: stocktake');
  });
});

describe('the monthly allowance', () => {
  it('runs per calendar month (UTC) and says when it starts again', async () => {
    const { monthStart, nextMonthStart, allowanceUsedMessage } = await import('../src/assistant/usage.ts');
    const now = new Date('2026-12-31T23:59:00Z');
    expect(monthStart(now).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextMonthStart(now).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(allowanceUsedMessage(now)).toBe(
      'Your team has used all 300 assistant messages for this month. The allowance starts again on 1 January 2027.',
    );
  });
});

describe("hours in the team's zone (issue 41)", () => {
  // Ben works the night the clocks go back in London (22:00–06:00 from Saturday 30 Oct 2027, 30 min break).
  const nightWeek = (timeZone?: string): AssistantWeek => ({
    ...week,
    weekStartDate: '2027-10-25',
    today: '2027-10-27',
    ...(timeZone ? { timeZone } : {}),
    entries: [
      {
        shiftId: 's-ben-night',
        staffId: B,
        shiftDate: '2027-10-30',
        startTime: '22:00:00',
        endTime: '06:00:00',
        breakMinutes: 30,
        isTimeOff: false,
      },
    ],
  });

  it('counts the real hours of a night the clocks change', () => {
    expect(interpret('how many hours has Ben this week?', nightWeek('Europe/London'))).toEqual({
      kind: 'answer',
      reply: 'Ben Brown works 8.5 hours this week (1 shift, breaks taken off).',
    });
    // Without a zone (UTC) the wall-clock 8 h, as before.
    expect(interpret('how many hours has Ben this week?', nightWeek())).toEqual({
      kind: 'answer',
      reply: 'Ben Brown works 7.5 hours this week (1 shift, breaks taken off).',
    });
  });
});
