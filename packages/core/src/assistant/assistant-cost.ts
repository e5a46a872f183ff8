import { addDays } from '../dates/week.ts';
import { formatMoney } from '../labour/money.ts';
import { LABOUR_COST_IS_PRO } from '../plans/plan-limits.ts';
import type { AssistantCost, AssistantCostWeek, AssistantWeek } from './assistant-week.ts';
import type { Handler } from './interpret-outcome.ts';

export type { AssistantCost, AssistantCostWeek } from './assistant-week.ts';

/**
 * The assistant's answers about labour cost (issue 43): "what does this week cost?", "how far over
 * budget are we?". The server gives the figures (AssistantWeek's `cost`), read through the labour
 * module's costing, the same as GET …/labour for each team week; this file only words them, for the
 * built-in interpreter and the model's get_labour_cost tool alike. Money stays integer minor units until
 * `formatMoney` shows it. Staff and Free teams get a sentence and no figures.
 */

export const COST_NOT_FOR_STAFF =
  'Only the team owner and administrators can see what the rota costs, so I can’t answer that for you.';

/** Words that make a message a question about cost: the server reads the figures only for these. */
const COST_WORDS =
  /\b(?:cost|costs|costing|costed|budget|budgets|wage|wages|payroll|labour|labor|spend|spending|spent|expensive|cheap|over\s*spend)\b/i;

/** Whether a message asks about cost (so the figures are worth reading for it). */
export const asksAboutCost = (message: string): boolean => COST_WORDS.test(message);

/** The cost form's pattern body (interpret-forms.ts): a clause naming cost, and the week if it says. */
export const COST_FORM =
  '(?=(?:.*?\\b(?<which>last|this|next)\\s+week\\b)?)(?=.*?\\b(?:cost|costs|costing|costed|budget|budgets|wage|wages|labour|labor|spend|spending|spent)\\b).+';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A team week's dates as replies name them: "1–7 March", "29 March–4 April". */
export function weekDates(weekStart: string): string {
  const end = addDays(weekStart, 6);
  const [, m1, d1] = weekStart.split('-').map(Number);
  const [, m2, d2] = end.split('-').map(Number);
  return m1 === m2 ? `${d1}–${d2} ${MONTHS[m2! - 1]}` : `${d1} ${MONTHS[m1! - 1]}–${d2} ${MONTHS[m2! - 1]}`;
}

/** Minutes as replies say them: "61 h 30 min", "12 h", "45 min". */
export function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const names = (list: readonly string[]) =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

/**
 * A week's cost in words: what it costs for how many hours, against the budget, and who has no rate.
 * "This week (1–7 March) costs £812.50 for 61 h 30 min; the budget is £700.00, so it is £112.50 over."
 */
export function describeWeekCost(label: string, week: AssistantCostWeek, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency, 'en');
  const cost = `${label} (${weekDates(week.weekStart)}) costs ${money(week.costMinor)} for ${hoursAndMinutes(week.minutes)}`;
  const budget =
    week.budgetMinor === null
      ? `${cost}. No weekly budget is set.`
      : week.costMinor > week.budgetMinor
        ? `${cost}; the budget is ${money(week.budgetMinor)}, so it is ${money(week.costMinor - week.budgetMinor)} over.`
        : week.costMinor < week.budgetMinor
          ? `${cost}; the budget is ${money(week.budgetMinor)}, so it is ${money(week.budgetMinor - week.costMinor)} under budget.`
          : `${cost}; the budget is ${money(week.budgetMinor)}, so it is exactly on budget.`;
  const missing = week.missingRates;
  if (missing.length === 0) return budget;
  const minutes = missing.reduce((sum, p) => sum + p.minutes, 0);
  const who = names(missing.map((p) => p.name));
  return `${budget} ${who} ${missing.length === 1 ? 'has' : 'have'} no pay rate, so their ${hoursAndMinutes(minutes)} cost nothing here.`;
}

const LABELS = { last: 'Last week', this: 'This week', next: 'Next week' } as const;

/** The answer to a cost question about the week before, of or after the one on screen. */
export function costAnswer(cost: AssistantCost | undefined, weekStart: string, label: string): string {
  if (!cost || cost.kind === 'not-admin') return COST_NOT_FOR_STAFF;
  if (cost.kind === 'not-on-plan') return LABOUR_COST_IS_PRO;
  const week = cost.weeks.find((w) => w.weekStart === weekStart);
  if (!week) return `I can only see the cost of the weeks around the one on screen.`;
  return describeWeekCost(label, week, cost.currency);
}

/** The built-in interpreter's cost question (interpret-forms.ts): last, this (the default) or next week. */
export const costQuestion: Handler = (m, week: AssistantWeek) => {
  const which = (m.which?.toLowerCase() ?? 'this') as keyof typeof LABELS;
  const shift = which === 'last' ? -7 : which === 'next' ? 7 : 0;
  const start = week.cost?.kind === 'figures' ? week.cost.thisWeek : week.weekStartDate;
  return { answer: costAnswer(week.cost, addDays(start, shift), LABELS[which]) };
};
