import { describe, expect, it } from 'vitest';
import type { AssistantWeek } from '../src/assistant/assistant-week.ts';
import { interpret } from '../src/assistant/interpret.ts';
import { readRange } from '../src/assistant/interpret-words.ts';
import { AssistantChangeItem } from '../src/contracts/assistant.ts';

/**
 * The built-in interpreter's gaps (issue 45), by kind of sentence, several wordings each: a statement of
 * when someone works, "needs DAY off", a question of hours with words around the name, "next week",
 * dates of the month, roles, "6 to 2", and "clear Tuesday" leaving time off alone. The week starts
 * Monday 9 Mar 2026; Sam works Monday 09:00–17:00 and next Monday 08:00–12:00, Ana has Tuesday off and
 * Ben works Tuesday 10:00–18:00; Ana and Cy are baristas, Cy works Monday.
 */
const SAM = 'a0000000-0000-4000-8000-000000000001';
const ANA = 'b0000000-0000-4000-8000-000000000002';
const BEN = 'c0000000-0000-4000-8000-000000000003';
const CY = 'd0000000-0000-4000-8000-000000000004';
const MON = '2026-03-09';
const TUE = '2026-03-10';
const WED = '2026-03-11';
const THU = '2026-03-12';
const FRI = '2026-03-13';
const NEXT_MON = '2026-03-16';
const NEXT_WED = '2026-03-18';
const entry = (shiftId: string, staffId: string, shiftDate: string, s: string | null, e: string | null) => ({
  shiftId,
  staffId,
  shiftDate,
  startTime: s,
  endTime: e,
  breakMinutes: 0,
  isTimeOff: s === null,
});
const week: AssistantWeek = {
  weekStartDate: MON,
  today: MON,
  staff: [
    { staffId: SAM, firstName: 'Sam', lastName: 'Stone', role: 'Chef' },
    { staffId: ANA, firstName: 'Ana', lastName: 'Alves', role: 'Barista' },
    { staffId: BEN, firstName: 'Ben', lastName: 'Bell', role: 'Host' },
    { staffId: CY, firstName: 'Cy', lastName: 'Cole', role: 'Barista' },
  ],
  entries: [
    entry('sam-mon', SAM, MON, '09:00:00', '17:00:00'),
    entry('cy-mon', CY, MON, '07:00:00', '15:00:00'),
    entry('ana-tue-off', ANA, TUE, null, null),
    entry('ben-tue', BEN, TUE, '10:00:00', '18:00:00'),
    entry('sam-next-mon', SAM, NEXT_MON, '08:00:00', '12:00:00'),
  ],
  dayNotes: [],
};
const shift = (staffId: string, shiftDate: string, startTime: string, endTime: string) => ({
  kind: 'create' as const,
  shift: { staffId, shiftDate, startTime, endTime, breakMinutes: 0, isTimeOff: false },
});
const off = (staffId: string, shiftDate: string) => ({
  kind: 'create' as const,
  shift: { staffId, shiftDate, startTime: null, endTime: null, breakMinutes: 0, isTimeOff: true },
});

const changes = (message: string) => {
  const result = interpret(message, week);
  expect(result.kind, JSON.stringify(result)).toBe('changes');
  if (result.kind !== 'changes') return [];
  for (const c of result.changes) expect(AssistantChangeItem.safeParse(c).success).toBe(true);
  return result.changes;
};
const answer = (message: string) => {
  const result = interpret(message, week);
  expect(result.kind, JSON.stringify(result)).toBe('answer');
  return result.reply;
};

describe('the built-in interpreter’s gaps (issue 45)', () => {
  it.each([
    [
      'Sam works Monday to Wednesday 9am-5pm',
      [
        shift(SAM, MON, '09:00', '17:00'),
        shift(SAM, TUE, '09:00', '17:00'),
        shift(SAM, WED, '09:00', '17:00'),
      ],
    ],
    [
      'Ana is on Tue and Thu 2pm to 10pm',
      [shift(ANA, TUE, '14:00', '22:00'), shift(ANA, THU, '14:00', '22:00')],
    ],
    [
      'Ben: Mon, Wed, Fri 7am–3pm',
      [
        shift(BEN, MON, '07:00', '15:00'),
        shift(BEN, WED, '07:00', '15:00'),
        shift(BEN, FRI, '07:00', '15:00'),
      ],
    ],
    ['Sam is working Thursday 10 to 6', [shift(SAM, THU, '10:00', '18:00')]],
    ['Ben will work 9 to 5 on Friday', [shift(BEN, FRI, '09:00', '17:00')]],
    ['Ana works on Wednesday from 8am to 4pm', [shift(ANA, WED, '08:00', '16:00')]],
  ])('a statement of when someone works: %s', (message, expected) => {
    expect(changes(message)).toEqual(expected);
  });

  it.each([
    ['Sam needs Friday off', [off(SAM, FRI)]],
    ['Ana needs the 12th off', [off(ANA, THU)]],
    ['Ben wants Wednesday and Thursday off', [off(BEN, WED), off(BEN, THU)]],
    ['Sam would like the 13th off', [off(SAM, FRI)]],
    ['Ben needs 12 March off', [off(BEN, THU)]],
  ])('needs a day off: %s', (message, expected) => {
    expect(changes(message)).toEqual(expected);
  });

  it.each([
    ['how many hours is Sam working this week?', 'Sam Stone works 8 hours this week'],
    ['what are Ana’s hours next week', 'Ana Alves has no shifts next week'],
    ["what are Sam's hours next week?", 'Sam Stone works 4 hours next week'],
    ['hours for Ben please', 'Ben Bell works 8 hours this week'],
    ['How many hours does Ben have?', 'Ben Bell works 8 hours this week'],
    ['Sam’s hours this week', 'Sam Stone works 8 hours this week'],
  ])('a question of hours: %s', (message, sentence) => {
    expect(answer(message)).toContain(sentence);
  });

  it('reads "next week" and dates of the month', () => {
    expect(changes('Give Sam Wednesday 9 to 5 next week')).toEqual([shift(SAM, NEXT_WED, '09:00', '17:00')]);
    expect(changes('next week give Ana Monday 9 to 5')).toEqual([shift(ANA, NEXT_MON, '09:00', '17:00')]);
    expect(changes('Give Ben 9 to 5 on 12 March')).toEqual([shift(BEN, THU, '09:00', '17:00')]);
    expect(changes('Give Ben March 13 9 to 5')).toEqual([shift(BEN, FRI, '09:00', '17:00')]);
    expect(changes('add Sam on the 11th 10-6')).toEqual([shift(SAM, WED, '10:00', '18:00')]);
  });

  it('gives a role to someone with that role who is free', () => {
    // Cy works Monday: Ana, the other barista, is free.
    expect(changes('give a barista Monday 9 to 5')).toEqual([shift(ANA, MON, '09:00', '17:00')]);
    // Ana is off on Tuesday: Cy.
    expect(changes('add a barista on Tuesday 9 to 5')).toEqual([shift(CY, TUE, '09:00', '17:00')]);
    expect(changes('give one chef Friday 9 to 5')).toEqual([shift(SAM, FRI, '09:00', '17:00')]);
    expect(answer('give a chef Monday 9 to 5')).toContain('No chef is free on Monday 9 Mar');
    expect(answer('give a pilot Monday 9 to 5')).toContain('Nobody on this team is a pilot');
  });

  it('reads "6 to 2" as 06:00–14:00 (an overnight reading is implausible when a same-day one fits)', () => {
    expect(readRange('6 to 2')).toEqual({ startTime: '06:00', endTime: '14:00' });
    expect(readRange('6-2')).toEqual({ startTime: '06:00', endTime: '14:00' });
    expect(readRange('5 to 1')).toEqual({ startTime: '05:00', endTime: '13:00' });
    // As before.
    expect(readRange('9 to 5')).toEqual({ startTime: '09:00', endTime: '17:00' });
    expect(readRange('2-10')).toEqual({ startTime: '14:00', endTime: '22:00' });
    expect(readRange('12-8')).toEqual({ startTime: '12:00', endTime: '20:00' });
    expect(readRange('22:00-06:00')).toEqual({ startTime: '22:00', endTime: '06:00' });
    expect(readRange('06:00-20:00')).toEqual({ startTime: '06:00', endTime: '20:00' });
    expect(readRange('10pm to 6am')).toEqual({ startTime: '22:00', endTime: '06:00' });
    expect(changes('Give Sam Friday 6 to 2')).toEqual([shift(SAM, FRI, '06:00', '14:00')]);
  });

  it('"clear Tuesday" removes the shifts and leaves time off alone', () => {
    expect(changes('clear Tuesday')).toEqual([{ kind: 'remove', shiftId: 'ben-tue' }]);
    expect(changes('remove everyone from Tuesday')).toEqual([{ kind: 'remove', shiftId: 'ben-tue' }]);
    const onlyOff: AssistantWeek = { ...week, entries: [entry('ana-wed-off', ANA, WED, null, null)] };
    const result = interpret('clear Wednesday', onlyOff);
    expect(result).toMatchObject({ kind: 'answer' });
    expect(result.reply).toContain('no shifts on Wednesday 11 Mar');
  });
});
