import { MessageResponse } from '@rotaboard/core/contracts/common';
import { DayNoteDto, DayNoteInput, DayNoteParams } from '@rotaboard/core/contracts/day-notes';
import { DateRangeQuery } from '@rotaboard/core/contracts/shifts';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { lastReadableDate } from '@rotaboard/core/shifts/lock';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { dayNotes } from '../../db/schema.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';

export type DayNoteRow = typeof dayNotes.$inferSelect;

/** The first note of a day (a day may have several), or null: what a proposal's day-note change replaces. */
export async function firstDayNote(db: Db, teamId: string, date: string): Promise<DayNoteRow | null> {
  const [row] = await db
    .select()
    .from(dayNotes)
    .where(and(eq(dayNotes.teamId, teamId), eq(dayNotes.noteDate, date)))
    .orderBy(asc(dayNotes.createdAt), asc(dayNotes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Runs inside a note's command after the write (a proposal moves its change there, with its own audit
 * row in the same effects); throwing undoes it.
 */
type Within = (tx: Db, row: DayNoteRow, effects: Effects) => Promise<void>;
const toDto = (row: DayNoteRow): DayNoteDto => ({
  noteId: row.id,
  noteDate: row.noteDate,
  noteText: row.noteText,
  showToAllStaff: row.showToAllStaff,
});
const auditValues = (row: DayNoteRow) => ({
  noteDate: row.noteDate,
  noteText: row.noteText,
  showToAllStaff: row.showToAllStaff,
});

/**
 * Notes above the days of the schedule. Small enough that repository, service and routes share a
 * file. Administrators write; staff read only notes shown to all, and nothing a hiding lock hides.
 */
export function createDayNoteService(deps: CommandDeps & { proEmails: readonly string[] }) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);
  const find = async (tx: Db, teamId: string, noteId: string) => {
    const [row] = await tx
      .select()
      .from(dayNotes)
      .where(and(eq(dayNotes.teamId, teamId), eq(dayNotes.id, noteId)))
      .for('update');
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Note not found');
    return row;
  };
  const hiddenAfter = (a: TeamAccess) => lastReadableDate(a.team, a.isAdmin);
  const announceNote = (effects: Effects, noteId: string, ...dates: string[]) =>
    effects.announce({ kind: 'day-notes', dates, ids: [noteId] });

  return {
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<DayNoteDto[]> {
      const a = await teamAccessOf(db, user, teamId, deps.proEmails);
      const limit = hiddenAfter(a);
      const rows = await db
        .select()
        .from(dayNotes)
        .where(
          and(
            eq(dayNotes.teamId, teamId),
            gte(dayNotes.noteDate, range.startDate),
            lte(dayNotes.noteDate, limit && limit < range.endDate ? limit : range.endDate),
            a.isAdmin ? undefined : eq(dayNotes.showToAllStaff, true),
          ),
        )
        .orderBy(asc(dayNotes.noteDate), asc(dayNotes.createdAt));
      return rows.map(toDto);
    },

    create(
      user: UserRow,
      teamId: string,
      input: z.output<typeof DayNoteInput>,
      within?: Within,
    ): Promise<DayNoteDto> {
      return teamCommand(user, teamId, { role: 'writer' }, async (tx, _a, effects) => {
        const [row] = await tx
          .insert(dayNotes)
          .values({ teamId, ...input })
          .returning();
        effects.audit({
          entityType: 'day_note',
          entityId: row!.id,
          action: 'CREATE',
          newValues: auditValues(row!),
        });
        if (within) await within(tx, row!, effects);
        announceNote(effects, row!.id, row!.noteDate);
        return toDto(row!);
      });
    },

    update(
      user: UserRow,
      teamId: string,
      noteId: string,
      input: z.output<typeof DayNoteInput>,
      within?: Within,
    ): Promise<DayNoteDto> {
      return teamCommand(user, teamId, { role: 'writer' }, async (tx, _a, effects) => {
        const before = await find(tx, teamId, noteId);
        const [after] = await tx
          .update(dayNotes)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(dayNotes.id, noteId))
          .returning();
        effects.auditUpdate({
          entityType: 'day_note',
          entityId: noteId,
          before: auditValues(before),
          after: auditValues(after!),
        });
        if (within) await within(tx, before, effects);
        announceNote(effects, noteId, before.noteDate, after!.noteDate);
        return toDto(after!);
      });
    },

    remove(user: UserRow, teamId: string, noteId: string, within?: Within) {
      return teamCommand(user, teamId, { role: 'writer' }, async (tx, _a, effects) => {
        const before = await find(tx, teamId, noteId);
        await tx.delete(dayNotes).where(eq(dayNotes.id, noteId));
        effects.audit({
          entityType: 'day_note',
          entityId: noteId,
          action: 'DELETE',
          oldValues: auditValues(before),
        });
        if (within) await within(tx, before, effects);
        announceNote(effects, noteId, before.noteDate);
        return { success: true as const, message: 'Note deleted' };
      });
    },
  };
}

export async function dayNotesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.dayNotes;
  const tags = ['day notes'];

  routes.get(
    '/api/teams/:id/day-notes',
    {
      schema: {
        tags,
        summary: 'Day notes in a date range',
        params: TeamParams,
        querystring: DateRangeQuery,
        response: { 200: z.array(DayNoteDto) },
      },
    },
    async (request) => service.list(requireUser(request), request.params.id, request.query),
  );
  routes.post(
    '/api/teams/:id/day-notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a day',
        params: TeamParams,
        body: DayNoteInput,
        response: { 201: DayNoteDto },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.params.id, request.body)),
  );
  routes.put(
    '/api/teams/:id/day-notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Change a day note',
        params: DayNoteParams,
        body: DayNoteInput,
        response: { 200: DayNoteDto },
      },
    },
    async (request) =>
      service.update(requireUser(request), request.params.id, request.params.noteId, request.body),
  );
  routes.delete(
    '/api/teams/:id/day-notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Delete a day note',
        params: DayNoteParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => service.remove(requireUser(request), request.params.id, request.params.noteId),
  );
}
