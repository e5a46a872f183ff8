import { describe, expect, it } from 'vitest';
import {
  type AssistantCost,
  asksAboutCost,
  COST_NOT_FOR_STAFF,
  hoursAndMinutes,
  weekDates,
} from '../src/assistant/assistant-cost.ts';
import type { AssistantWeek } from '../src/assistant/assistant-week.ts';
import { interpret } from '../src/assistant/interpret.ts';
import { LABOUR_COST_IS_PRO } from '../src/plans/plan-limits.ts';

/**
 * The assistant's cost answers (issue 43): the built-in interpreter words the figures the server read
 * through the labour costing (the same as /labour's), in the team's currency; staff and Free teams get a
 * sentence without figures. The week on screen starts Monday 1 March 2027.
 */
const SAM = 's0000000-0000-4000-8000-000000000001';
const base: AssistantWeek = {
  weekStartDate: '2027-03-01',
  today: '2027-03-02',
  staff: [{ staffId: SAM, firstName: 'Sam', lastName: 'Smith', role: 'Server' }],
  entries: [],
  dayNotes: [{ date: '2027-03-05', text: 'Stocktake' }],
};
const figures: AssistantCost = {
  kind: 'figures',
  currency: 'GBP',
  thisWeek: '2027-03-01',
  weeks: [
    { weekStart: '2027-02-22', minutes: 600, costMinor: 10_000, budgetMinor: 70_000, missingRates: [] },
    {
      weekStart: '2027-03-01',
      minutes: 3690,
      costMinor: 81_250,
      budgetMinor: 70_000,
      missingRates: [{ name: 'Sam Smith', minutes: 720 }],
    },
    { weekStart: '2027-03-08', minutes: 2400, costMinor: 61_250, budgetMinor: 70_000, missingRates: [] },
  ],
};
const ask = (message: string, cost: AssistantCost | undefined = figures) =>
  interpret(message, { ...base, cost });

describe('the assistant on cost', () => {
  it.each([
    'What does this week cost?',
    'what does the week cost',
    "What's the labour cost this week",
    'How far over budget are we?',
    'Are we over budget?',
    'budget for this week',
    'What is the wage bill this week?',
    'How much are we spending this week',
  ])('answers "%s" with this week’s cost, the budget and who has no rate', (message) => {
    expect(ask(message)).toEqual({
      kind: 'answer',
      reply:
        'This week (1–7 March) costs £812.50 for 61 h 30 min; the budget is £700.00, so it is £112.50 over. Sam Smith has no pay rate, so their 12 h cost nothing here.',
    });
  });

  it.each(['How much is next week costing?', 'What will next week cost', 'next week budget'])(
    'answers "%s" for the week after the one on screen, under budget',
    (message) => {
      expect(ask(message).reply).toBe(
        'Next week (8–14 March) costs £612.50 for 40 h; the budget is £700.00, so it is £87.50 under budget.',
      );
    },
  );

  it('answers for last week, across a month', () => {
    expect(ask('What did last week cost?').reply).toBe(
      'Last week (22–28 February) costs £100.00 for 10 h; the budget is £700.00, so it is £600.00 under budget.',
    );
  });

  it('says when no budget is set, and when the cost is exactly the budget', () => {
    const weeks = figures.weeks.map((w) => ({ ...w, budgetMinor: null, missingRates: [] }));
    expect(ask('what does this week cost', { ...figures, weeks }).reply).toBe(
      'This week (1–7 March) costs £812.50 for 61 h 30 min. No weekly budget is set.',
    );
    const even = figures.weeks.map((w) => ({ ...w, budgetMinor: w.costMinor, missingRates: [] }));
    expect(ask('are we over budget', { ...figures, weeks: even }).reply).toContain('exactly on budget');
  });

  it('names several people without a rate together, in the team currency', () => {
    const weeks = figures.weeks.map((w) => ({
      ...w,
      missingRates: [
        { name: 'Sam Smith', minutes: 600 },
        { name: 'Pat Jones', minutes: 90 },
      ],
    }));
    expect(ask('what does this week cost', { ...figures, currency: 'USD', weeks }).reply).toBe(
      'This week (1–7 March) costs $812.50 for 61 h 30 min; the budget is $700.00, so it is $112.50 over. Sam Smith and Pat Jones have no pay rate, so their 11 h 30 min cost nothing here.',
    );
  });

  it('gives staff a sentence and no figures, and a Free team the Pro sentence', () => {
    expect(ask('What does this week cost?', { kind: 'not-admin' }).reply).toBe(COST_NOT_FOR_STAFF);
    expect(interpret('Are we over budget?', base).reply).toBe(COST_NOT_FOR_STAFF);
    expect(ask('What does this week cost?', { kind: 'not-on-plan' }).reply).toBe(LABOUR_COST_IS_PRO);
  });

  it('keeps a note about the budget a note, and other instructions as they were', () => {
    const note = ask('Note on Friday: budget meeting');
    expect(note.kind).toBe('changes');
    expect(ask('Give Sam Monday 9 to 5').kind).toBe('changes');
    expect(ask('How many hours has Sam this week?').reply).toBe('Sam Smith has no shifts this week.');
  });

  it('knows which messages are about cost, so the server reads figures only for those', () => {
    expect(asksAboutCost('How far over budget are we?')).toBe(true);
    expect(asksAboutCost("what's the labour cost")).toBe(true);
    expect(asksAboutCost('Give Ava Monday 9 to 5')).toBe(false);
    expect(asksAboutCost('Who works Saturday evening?')).toBe(false);
  });

  it('words weeks and lengths as replies do', () => {
    expect(weekDates('2027-03-29')).toBe('29 March–4 April');
    expect(hoursAndMinutes(45)).toBe('45 min');
    expect(hoursAndMinutes(120)).toBe('2 h');
    expect(hoursAndMinutes(3690)).toBe('61 h 30 min');
  });
});
