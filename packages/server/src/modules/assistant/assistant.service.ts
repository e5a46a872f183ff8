import { asksAboutCost } from '@rotaboard/core/assistant/assistant-cost';
import type { AssistantWeek } from '@rotaboard/core/assistant/assistant-week';
import { describeChange } from '@rotaboard/core/assistant/describe-change';
import { interpret } from '@rotaboard/core/assistant/interpret';
import { type ModelFailure, modelFailureReply } from '@rotaboard/core/assistant/model-failure';
import { monthStart, nextMonthStart } from '@rotaboard/core/assistant/usage';
import {
  ASSISTANT_MONTHLY_MESSAGES,
  type AssistantChangeItem,
  type AssistantEngine,
  type AssistantMessageInput,
  type AssistantReply,
  type AssistantUsage,
} from '@rotaboard/core/contracts/assistant';
import type { AgentChange } from '@rotaboard/core/contracts/proposals';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { ASSISTANT_IS_PRO, planAllows } from '@rotaboard/core/plans/plan-limits';
import { findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { checkEntryAgainstRules } from '@rotaboard/core/staffing/validate';
import { todayIn } from '@rotaboard/core/time/clock';
import { displayName } from '@rotaboard/core/users/profile';
import type { TeamRow, UserRow } from '../../db/rows.ts';
import { currentSupportActor } from '../../lib/support-actor.ts';
import type { CommandDeps } from '../audit/command.ts';
import { proposedInput, updatedInput } from '../proposals/proposal.service.ts';
import { proposalStore } from '../proposals/proposal-store.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { loadStaffingContext, type TeamStaffingContext } from '../staffing/staffing-context.ts';
import {
  requireTeamAdmin,
  requireTeamWriter,
  type TeamAccess,
  teamAccessOf,
} from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import type { ModelEngine } from './assistant.model.ts';
import { createAssistantRepository } from './assistant.repository.ts';
import { assistantAllowance } from './assistant-allowance.ts';
import { assistantCost } from './assistant-cost.ts';
import { changeDates, toEntry } from './assistant-rows.ts';

/** The model is reminded of this many of the conversation's last messages. */
const HISTORY_MESSAGES = 10;

/**
 * The schedule assistant (issue 26): a message in, a reply out, and when it asks for changes a proposal
 * (source 'assistant') of the proposals module, each change checked against the schedule first (the
 * conflict rule, the staffing rules, the lock, leavers) and carrying what it breaks. The assistant never
 * writes a shift: the administrator accepts the proposal's changes one by one. With a model configured
 * the model answers (assistant.model.ts); without, the built-in interpreter of core.
 */
export function createAssistantService(
  deps: CommandDeps & {
    proEmails: readonly string[];
    model: ModelEngine | null;
    log: { warn(obj: unknown, msg?: string): void };
    now?: () => Date;
  },
) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);
  const now = deps.now ?? (() => new Date());
  const allowance = assistantAllowance(teamCommand, now);

  /** Owners and administrators (staff 403, outsiders 404), on Pro (403 naming Pro). */
  async function access(user: UserRow, teamId: string, write: boolean): Promise<TeamAccess> {
    const a = requireTeamAdmin(await teamAccessOf(db, user, teamId, deps.proEmails));
    if (!planAllows(a.ownerTier, 'assistant')) throw new DomainError(ErrorCode.PLAN_LIMIT, ASSISTANT_IS_PRO);
    return write ? requireTeamWriter(a) : a;
  }

  /**
   * The week from `startDate` as the interpreter and the model read it, with the team's today and zone
   * (issue 41): "today", "tomorrow" and hours mean what they mean where the team works.
   */
  async function loadWeek(team: Pick<TeamRow, 'id' | 'timeZone'>, startDate: string): Promise<AssistantWeek> {
    const teamId = team.id;
    const end = addDays(startDate, 6);
    const [people, rows, notes] = await Promise.all([
      staffDirectory(db).listForTeam(teamId, startDate),
      scheduleReads(db).listForTeam(teamId, startDate, end),
      createAssistantRepository(db).dayNotes(teamId, startDate, end),
    ]);
    return {
      weekStartDate: startDate,
      today: todayIn(team.timeZone, now()),
      timeZone: team.timeZone,
      staff: people.map((p) => ({
        staffId: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        role: p.role,
      })),
      entries: rows.map(toEntry),
      dayNotes: notes,
    };
  }

  /** The changes as a proposal offers them: each with its reason and what it would break, in order. */
  async function check(
    a: TeamAccess,
    week: AssistantWeek,
    items: readonly AssistantChangeItem[],
  ): Promise<AgentChange[]> {
    const shiftIds = items.flatMap((c) => (c.kind === 'update' || c.kind === 'remove' ? [c.shiftId] : []));
    const rows = new Map((await scheduleReads(db).findManyInTeam(a.team.id, shiftIds)).map((r) => [r.id, r]));
    const dates = items.flatMap((c) =>
      c.kind === 'create'
        ? [c.shift.shiftDate]
        : c.kind === 'update' && c.shift.shiftDate
          ? [c.shift.shiftDate]
          : [],
    );
    for (const row of rows.values()) dates.push(row.shiftDate);
    const sorted = dates.sort();
    let context: TeamStaffingContext | null = sorted.length
      ? await loadStaffingContext(db, scheduleReads, a.team, sorted[0]!, sorted.at(-1)!)
      : null;
    const lock = (date: string) =>
      isDateLocked(date, a.team.lockedUntil)
        ? [`${formatDateGb(date)} is locked: unlock it to change it`]
        : [];

    /** What writing `entry` (in place of its earlier self) would break, and the context with it written. */
    const judge = (entry: StaffingEntry): string[] => {
      const problems: string[] = [];
      const person = context!.staff.find((p) => p.staffId === entry.staffId);
      if (person && !isActiveOn(person.leavingDate, entry.shiftDate)) {
        problems.push(`${person.name} leaves the team on ${formatDateGb(person.leavingDate!)}`);
      }
      const others = context!.entries.filter(
        (e) => e.staffId === entry.staffId && e.shiftId !== entry.shiftId,
      );
      const clash = findConflict(asScheduled(entry), others.map(asScheduled));
      if (clash) {
        problems.push(
          `This clashes with ${person?.name ?? 'their'}'s ${clash.isTimeOff ? 'time off' : 'shift'} on ${describeEntry(clash)}`,
        );
      } else {
        for (const v of checkEntryAgainstRules(context!, entry)) {
          problems.push(v.strict ? `${v.message} (a strict rule: accepting it will be refused)` : v.message);
        }
      }
      context = {
        ...context!,
        entries: [...context!.entries.filter((e) => e.shiftId !== entry.shiftId), entry],
      };
      return problems;
    };

    return items.map((item, i): AgentChange => {
      const changeId = `a${i + 1}`;
      const reason = describeChange(item, week);
      if (item.kind === 'create') {
        let problems = lock(item.shift.shiftDate);
        try {
          const input = proposedInput(item.shift);
          problems = [...problems, ...judge({ ...input, shiftId: `proposed-${changeId}` })];
        } catch (error) {
          problems.push(messageOf(error));
        }
        return { changeId, kind: 'create', shift: item.shift, reason, violations: problems };
      }
      if (item.kind === 'update') {
        const before = rows.get(item.shiftId);
        const problems = before ? lock(before.shiftDate) : ['This shift is no longer on the schedule'];
        if (before) {
          try {
            const input = updatedInput(before, item.shift);
            if (input.shiftDate !== before.shiftDate) problems.push(...lock(input.shiftDate));
            problems.push(...judge({ ...input, shiftId: before.id }));
          } catch (error) {
            problems.push(messageOf(error));
          }
        }
        return {
          changeId,
          kind: 'update',
          shiftId: item.shiftId,
          shift: item.shift,
          reason,
          violations: problems,
        };
      }
      if (item.kind === 'remove') {
        const before = rows.get(item.shiftId);
        const problems = before ? lock(before.shiftDate) : ['This shift is no longer on the schedule'];
        if (before && context) {
          context = { ...context, entries: context.entries.filter((e) => e.shiftId !== before.id) };
        }
        return { changeId, kind: 'remove', shiftId: item.shiftId, reason, violations: problems };
      }
      return {
        changeId,
        kind: 'day-note',
        date: item.date,
        text: item.text,
        reason,
        violations: lock(item.date),
      };
    });
  }

  /** The engine's answer; a built-in one that throws is a bug, the model's failures are its sentences. */
  async function answer(
    message: string,
    week: AssistantWeek,
    a: TeamAccess,
    history: readonly { role: 'user' | 'assistant'; text: string }[],
  ): Promise<{
    engine: AssistantEngine;
    reply: string;
    changes: AssistantChangeItem[];
    failure?: ModelFailure | undefined;
  }> {
    const team: TeamRow = a.team;
    if (deps.model) {
      const result = await deps.model(message, {
        week,
        history,
        loadWeek: (startDate) => loadWeek(team, startDate),
        labourCost: (startDate) => assistantCost(db, a, startDate),
        teamShifts: async (ids) =>
          new Set((await scheduleReads(db).findManyInTeam(team.id, ids)).map((r) => r.id)),
      });
      return { engine: 'model', ...result };
    }
    // Cost is read only for a question about it (issue 43): the same figures as GET …/labour.
    const cost = asksAboutCost(message) ? await assistantCost(db, a, week.weekStartDate) : undefined;
    // "next week" or "last week" (issue 45): that week's entries beside the one on screen.
    const other = /\b(next|last)\s+week\b/i.exec(message)?.[1]?.toLowerCase();
    const entries = other
      ? [
          ...week.entries,
          ...(await loadWeek(team, addDays(week.weekStartDate, other === 'next' ? 7 : -7))).entries,
        ]
      : week.entries;
    const result = interpret(message, { ...week, entries, ...(cost ? { cost } : {}) });
    return {
      engine: 'built-in',
      reply: result.reply,
      changes: result.kind === 'changes' ? result.changes : [],
    };
  }

  return {
    async usage(user: UserRow, teamId: string): Promise<AssistantUsage> {
      await access(user, teamId, false);
      const at = now();
      return {
        used: await createAssistantRepository(db).countAsked(teamId, monthStart(at)),
        limit: ASSISTANT_MONTHLY_MESSAGES,
        resetsAt: nextMonthStart(at).toISOString(),
      };
    },

    async send(user: UserRow, teamId: string, input: AssistantMessageInput): Promise<AssistantReply> {
      const a = await access(user, teamId, true);
      const repo = createAssistantRepository(db);
      if (input.conversationId && !(await repo.findConversation(teamId, input.conversationId))) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'Conversation not found');
      }
      // The conversation so far, read before this message is kept.
      const history =
        deps.model && input.conversationId
          ? await repo.recentMessages(input.conversationId, HISTORY_MESSAGES)
          : [];
      // The month's allowance is reserved before any engine is asked (issue 45): a used-up month, or
      // a message racing others for its last one, is refused here and costs no model call.
      const held = await allowance.reserve(user, a, input);
      try {
        return await answered(user, a, input, held, history);
      } catch (error) {
        await allowance.release(user, a, held).catch(() => {});
        throw error;
      }
    },
  };

  /** The reply to a message whose place in the allowance is held, kept with it (or released on failure). */
  async function answered(
    user: UserRow,
    a: TeamAccess,
    input: AssistantMessageInput,
    held: { conversationId: string; askedId: string },
    history: readonly { role: 'user' | 'assistant'; text: string }[],
  ): Promise<AssistantReply> {
    const teamId = a.team.id;
    const week = await loadWeek(a.team, input.weekStartDate);
    const { engine, reply: said, changes: items, failure } = await answer(input.message, week, a, history);
    if (failure) {
      // The model could not be asked: the message is not kept and uses none of the allowance.
      await allowance.release(user, a, held);
      const reply = modelFailureReply(failure, a.role === 'owner');
      return { conversationId: held.conversationId, reply, engine, proposalId: null };
    }
    // The model may name shifts outside the week on screen: describe them from the team's rows.
    const known = new Set(week.entries.map((e) => e.shiftId));
    const outside = items.flatMap((c) =>
      (c.kind === 'update' || c.kind === 'remove') && !known.has(c.shiftId) ? [c.shiftId] : [],
    );
    const described: AssistantWeek = outside.length
      ? {
          ...week,
          entries: [
            ...week.entries,
            ...(await scheduleReads(db).findManyInTeam(teamId, outside)).map(toEntry),
          ],
        }
      : week;
    const changes = items.length ? await check(a, described, items) : [];
    const flagged = changes.filter((c) => c.violations?.length).length;
    const reply =
      flagged === 0
        ? said
        : `${said} ${flagged === 1 ? '1 change breaks' : `${flagged} changes break`} a rule or clashes: see the change${flagged === 1 ? '' : 's'} before accepting.`;

    const support = currentSupportActor();
    // The access read and checked above (admin, Pro, writable), before the model was asked.
    return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx, _a, effects) => {
      const txRepo = createAssistantRepository(tx);
      const { conversationId, askedId } = held;
      let proposalId: string | null = null;
      if (changes.length) {
        const dates = [week.weekStartDate, addDays(week.weekStartDate, 6), ...changeDates(changes)].sort();
        const proposal = await proposalStore(tx).insert(
          {
            teamId,
            source: 'assistant',
            createdBy: user.id,
            createdByName: displayName(user),
            onBehalfOf: support?.agentId ?? null,
            startDate: dates[0]!,
            endDate: dates.at(-1)!,
            mode: null,
            coverageBefore: { needed: 0, filled: 0 },
            coverageAfter: { needed: 0, filled: 0 },
            solver: null,
          },
          changes,
        );
        proposalId = proposal.id;
        effects.audit({
          entityType: 'proposal',
          entityId: proposal.id,
          action: 'CREATE',
          newValues: { source: 'assistant', conversationId, proposed: changes.length, flagged },
        });
      }
      await txRepo.addMessage({
        conversationId,
        teamId,
        role: 'assistant',
        text: reply,
        engine,
        proposalId,
        userId: null,
      });
      // Who asked what, and what it proposed: the conversation's own audit line.
      effects.audit({
        entityType: 'assistant_message',
        entityId: askedId,
        action: 'CREATE',
        newValues: { conversationId, message: input.message, engine, proposalId },
      });
      return { conversationId, reply, engine, proposalId };
    });
  }
}

const asScheduled = (e: StaffingEntry) => ({
  ...e,
  timeOffDays: e.timeOffDays ?? null,
  timeOffHours: e.timeOffHours ?? null,
});

function messageOf(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  throw error;
}
