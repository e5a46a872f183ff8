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
import { dayNotes } from '../../db/schema.ts';
import { announce, type ScheduleEvents } from '../../lib/realtime-events.ts';
import { requireUser } from '../../lib/require-user.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { loadTeamAccess, requireTeamWriter, type TeamAccess } from '../team-access/team-access.ts';
import type { UserRow } from '../users/user.repository.ts';

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

/** Runs inside a note's transaction after the write (a proposal moves its change there); throwing undoes it. */
type Within = (tx: Db, row: DayNoteRow) => Promise<void>;
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
export function createDayNoteService(deps: {
  db: Db;
  proEmails: readonly string[];
  events?: ScheduleEvents;
}) {
  const { db } = deps;
  const access = (tx: Db, user: UserRow, teamId: string) =>
    loadTeamAccess(createTeamRepository(tx), teamId, user.id, deps.proEmails);
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

  return {
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<DayNoteDto[]> {
      const a = await access(db, user, teamId);
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

    async create(
      user: UserRow,
      teamId: string,
      input: z.output<typeof DayNoteInput>,
      within?: Within,
    ): Promise<DayNoteDto> {
      const result = await db.transaction(async (tx) => {
        requireTeamWriter(await access(tx, user, teamId));
        const [row] = await tx
          .insert(dayNotes)
          .values({ teamId, ...input })
          .returning();
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'day_note',
          entityId: row!.id,
          action: 'CREATE',
          changedBy: user.id,
          newValues: auditValues(row!),
        });
        if (within) await within(tx, row!);
        return toDto(row!);
      });
      announce(deps.events, {
        teamId,
        kind: 'day-notes',
        user,
        dates: [result.noteDate],
        ids: [result.noteId],
      });
      return result;
    },

    async update(
      user: UserRow,
      teamId: string,
      noteId: string,
      input: z.output<typeof DayNoteInput>,
      within?: Within,
    ): Promise<DayNoteDto> {
      const result = await db.transaction(async (tx) => {
        requireTeamWriter(await access(tx, user, teamId));
        const before = await find(tx, teamId, noteId);
        const [after] = await tx
          .update(dayNotes)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(dayNotes.id, noteId))
          .returning();
        await createAuditRepository(tx).recordUpdate({
          teamId,
          entityType: 'day_note',
          entityId: noteId,
          changedBy: user.id,
          before: auditValues(before),
          after: auditValues(after!),
        });
        if (within) await within(tx, before);
        return { dto: toDto(after!), previousDate: before.noteDate };
      });
      announce(deps.events, {
        teamId,
        kind: 'day-notes',
        user,
        dates: [result.previousDate, result.dto.noteDate],
        ids: [noteId],
      });
      return result.dto;
    },

    async remove(user: UserRow, teamId: string, noteId: string, within?: Within) {
      const result = await db.transaction(async (tx) => {
        requireTeamWriter(await access(tx, user, teamId));
        const before = await find(tx, teamId, noteId);
        await tx.delete(dayNotes).where(eq(dayNotes.id, noteId));
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'day_note',
          entityId: noteId,
          action: 'DELETE',
          changedBy: user.id,
          oldValues: auditValues(before),
        });
        if (within) await within(tx, before);
        return { success: true as const, message: 'Note deleted', noteDate: before.noteDate };
      });
      announce(deps.events, { teamId, kind: 'day-notes', user, dates: [result.noteDate], ids: [noteId] });
      return { success: result.success, message: result.message };
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
