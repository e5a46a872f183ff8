import { COST_FORM, costQuestion } from './assistant-cost.ts';
import { add, clear, copy, move, note, remove, retime, swap, timeOff } from './interpret-changes.ts';
import type { Handler } from './interpret-outcome.ts';
import { hours, who } from './interpret-questions.ts';
import { form } from './interpret-words.ts';

/**
 * The phrasings the interpreter knows, each a whole-clause pattern and the handler it reads into. The
 * first that matches wins, so the order matters: questions and notes before the looser forms, and the
 * catch-all "X off Friday" last. New phrasings go here; what they do is in interpret-changes.ts and
 * interpret-questions.ts.
 */

const ADD = '(?:give|add|put|schedule|book|assign|rota)';
/** How a statement of someone's work joins the name to the days: "works", "is on", a colon. */
const WORKS =
  '(?:\\s*:|\\s+(?:works|is\\s+working|is\\s+on|is\\s+in|will\\s+work|will\\s+be\\s+working|will\\s+be\\s+on|will\\s+be\\s+in|can\\s+work|should\\s+work))';
export const FORMS: readonly [RegExp, Handler][] = [
  [
    form(
      "who(?:'s|\\s+is)?\\s+(?:working|works|work|on|in|on\\s+shift|scheduled)?\\s*(?:on\\s+)?(?<day>DAY)(?:\\s+(?:in\\s+the\\s+)?(?<part>morning|afternoon|evening|night))?",
    ),
    who,
  ],
  // A question of hours, the name with words around it (issue 45); "this/next week" is read apart.
  [
    form(
      'how\\s+many\\s+hours\\s+(?:has|does|is|will|did|do|are)\\s+(?<name>.+?)\\s*(?:got|have|work|works|working|worked|doing|do|done|scheduled|rostered|on)?',
    ),
    hours,
  ],
  [
    form(
      '(?:(?:what|how\\s+many)\\s+(?:are|is|were)\\s+|what\\W?s\\s+|show\\s+(?:me\\s+)?|tell\\s+me\\s+)?(?<name>.+?)OWN\\s+hours',
    ),
    hours,
  ],
  [
    form(
      '(?:(?:what\\s+are|show\\s+(?:me\\s+)?)\\s+(?:the\\s+)?)?(?:total\\s+)?hours\\s+(?:for|of)\\s+(?<name>.+?)',
    ),
    hours,
  ],
  [
    form(
      '(?:add\\s+|put\\s+|set\\s+|write\\s+)?(?:a\\s+)?(?:day\\s+)?note\\s+(?:on\\s+|for\\s+|to\\s+)?(?<day>DAY)\\s*(?::|,|-|–|saying|that\\s+says)?\\s*(?<text>.+)',
    ),
    note,
  ],
  // After notes ("Note on Friday: budget meeting" is a note), before every change.
  [form(COST_FORM), costQuestion],
  [
    form(
      '(?<name>.+?)\\s+(?:is|will\\s+be)\\s+(?:off|on\\s+leave|on\\s+holiday|away)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [
    form(
      '(?:book\\s+|add\\s+|give\\s+)?(?:time\\s+off|a\\s+day\\s+off|day\\s+off|leave|holiday)\\s+for\\s+(?<name>.+?)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [form('give\\s+(?<name>.+?)\\s+(?:the\\s+)?(?<days>DAYS)\\s+off'), timeOff],
  // "needs DAY off" and its kin (issue 45).
  [
    form(
      '(?<name>.+?)\\s+(?:needs|wants|would\\s+like|asked\\s+for|has\\s+asked\\s+for|is\\s+taking|takes|gets|should\\s+have|has)\\s+(?:the\\s+)?(?<days>DAYS)\\s+off',
    ),
    timeOff,
  ],
  [form('give\\s+(?<name>.+?)\\s+(?:a\\s+day|time|the\\s+day)\\s+off\\s+(?:on\\s+)?(?<days>DAYS)'), timeOff],
  [
    form(
      '(?<name>.+?)\\s+(?:has|needs|wants|takes|is\\s+taking)\\s+(?:a\\s+day\\s+off|the\\s+day\\s+off|time\\s+off|leave|a\\s+holiday)\\s+(?:on\\s+)?(?<days>DAYS)',
    ),
    timeOff,
  ],
  [
    form(
      `${ADD}\\s+(?<name>.+?)\\s+(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)\\s*,?\\s*(?:shifts?\\s+)?(?:at\\s+)?(?<time>RANGE)`,
    ),
    add,
  ],
  [form(`${ADD}\\s+(?<name>.+?)\\s+(?<time>RANGE)\\s+(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)`), add],
  // A statement of when someone works (issue 45): "Sam works Mon to Wed 9am-5pm", "Ben: Mon, Fri 7-3".
  [
    form(
      `(?<name>.+?)${WORKS}\\s*(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)\\s*,?\\s*(?:shifts?\\s+)?(?:at\\s+)?(?<time>RANGE)`,
    ),
    add,
  ],
  [form(`(?<name>.+?)${WORKS}\\s*(?<time>RANGE)\\s+(?:on\\s+|for\\s+)?(?:the\\s+)?(?<days>DAYS)`), add],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)OWN\\s+(?<from>DAY)\\s+shift\\s+(?:to|onto)\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)OWN\\s+shift\\s+(?:on|from)\\s+(?<from>DAY)\\s+(?:to|onto)\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form(
      '(?:move|shift)\\s+(?<name>.+?)\\s+from\\s+(?<from>DAY)\\s+to\\s+(?<to>DAY)(?:\\s*,?\\s*(?:at\\s+)?(?<time>RANGE))?',
    ),
    move,
  ],
  [
    form('(?:change|make|set|move)\\s+(?<name>.+?)OWN\\s+(?<day>DAY)\\s+shift\\s+(?:to\\s+)?(?<time>RANGE)'),
    retime,
  ],
  [
    form(
      '(?:change|make|set|move)\\s+(?<name>.+?)OWN\\s+shift\\s+on\\s+(?<day>DAY)\\s+(?:to\\s+)?(?<time>RANGE)',
    ),
    retime,
  ],
  [
    form(
      '(?:remove|delete)\\s+(?:all\\s+(?:the\\s+)?shifts|everyone|everything)\\s+(?:on|from)\\s+(?<day>DAY)',
    ),
    clear,
  ],
  [
    form(
      '(?:remove|delete|cancel|drop|scrap)\\s+(?<name>.+?)OWN\\s+(?<day>DAY)\\s+(?<what>shifts?|time\\s+off)',
    ),
    remove,
  ],
  [
    form(
      '(?:remove|delete|cancel|drop|scrap)\\s+(?<name>.+?)OWN\\s+(?<what>shifts?|time\\s+off)\\s+on\\s+(?<day>DAY)',
    ),
    remove,
  ],
  [form('(?:remove|take)\\s+(?<name>.+?)\\s+off\\s+(?:on\\s+)?(?<day>DAY)'), remove],
  [form('(?:remove|delete)\\s+(?<name>.+?)\\s+(?:on|from)\\s+(?:the\\s+)?(?<day>DAY)'), remove],
  [
    form(
      '(?:swap|switch|exchange)\\s+(?<a>.+?)OWN\\s+(?:and|with|&)\\s+(?<b>.+?)OWN\\s+(?:shifts?\\s+)?on\\s+(?<day>DAY)',
    ),
    swap,
  ],
  [
    form(
      '(?:swap|switch|exchange)\\s+(?<a>.+?)OWN\\s+(?:and|with|&)\\s+(?<b>.+?)OWN\\s+(?<day>DAY)(?:\\s+shifts?)?',
    ),
    swap,
  ],
  [
    form(
      "(?:copy|duplicate|repeat)\\s+(?:all\\s+(?:of\\s+)?)?(?:the\\s+)?(?<from>DAY)(?:'s|’s)?(?:\\s+shifts|\\s+schedule|\\s+rota)?\\s+(?:to|onto|into|on|for)\\s+(?<to>DAYS)",
    ),
    copy,
  ],
  [
    form(
      "(?:clear|empty|wipe)\\s+(?:all\\s+(?:the\\s+)?shifts\\s+(?:on|from)\\s+|everything\\s+on\\s+|the\\s+schedule\\s+(?:on|for)\\s+)?(?<day>DAY)(?:'s|’s)?(?:\\s+shifts|\\s+schedule)?",
    ),
    clear,
  ],
  [form('(?<name>.+?)\\s+off\\s+(?:on\\s+)?(?<days>DAYS)'), timeOff],
];
