import type { AuditDomain } from '@rotaboard/core/audit/display';
import type { ReportEntry, ReportStaff } from '@rotaboard/core/reports/report-rows';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { isEmbedded } from '../../db/read-memo.ts';
import { auditLog, requests, shifts, staff, teams, users, weeklyHours } from '../../db/schema.ts';

/** An entry as the driver hands it over: a ReportEntry whose empty adjustments are still null. */
type RawEntry = Omit<ReportEntry, 'attendanceAdjustments'> & {
  attendanceAdjustments: ReportEntry['attendanceAdjustments'] | null;
};
// Shared by every entry without adjustments: the reports only read it.
const NO_ADJUSTMENTS: ReportEntry['attendanceAdjustments'] = Object.freeze([]);

/** Which of a team's entries a report reads. */
export type EntryFilter = {
  startDate: string;
  endDate: string;
  staffIds: readonly string[];
  only?: 'timeOff' | 'adjusted';
};

export type AuditFilter = {
  since: Date;
  /** Entries made before this moment only. */
  before: Date | null;
  domain: AuditDomain | null;
  actorId: string | null;
  staffId: string | null;
};

// A shift change that touches only its adjustments is the adjustments domain; a team change that
// touches only the lock is the lock (core audit/display auditDomain, the same rule in SQL).
const onlyKeys = (keys: string[]) =>
  sql`(${auditLog.newValues} is not null and ${auditLog.newValues} <> '{}'::jsonb and not exists (select 1 from jsonb_object_keys(${auditLog.newValues}) as k(key) where k.key not in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})))`;
const adjustmentOnly = sql`(${auditLog.entityType} = 'shift' and ${auditLog.action} = 'UPDATE' and ${onlyKeys(['attendanceAdjustments'])})`;
const lockOnly = sql`(${auditLog.entityType} = 'team' and ${onlyKeys(['lockedUntil', 'hideScheduleAfterLock'])})`;

const DOMAIN_WHERE: Record<AuditDomain, SQL> = {
  shift: sql`(${auditLog.entityType} = 'shift' and not ${adjustmentOnly})`,
  adjustment: adjustmentOnly,
  staff: sql`${auditLog.entityType} = 'staff'`,
  team: sql`(${auditLog.entityType} = 'team' and not ${lockOnly})`,
  lock: lockOnly,
  request: sql`${auditLog.entityType} = 'request'`,
  day_note: sql`${auditLog.entityType} = 'day_note'`,
  open_shift: sql`${auditLog.entityType} in ('open_shift', 'open_shift_claim')`,
  assistant: sql`${auditLog.entityType} = 'proposal'`,
  pay_rate: sql`${auditLog.entityType} = 'pay_rate'`,
  labour_settings: sql`${auditLog.entityType} = 'labour_settings'`,
  timesheet: sql`${auditLog.entityType} = 'timesheet'`,
};
const REPORTED_ENTITIES = [
  'shift',
  'staff',
  'team',
  'request',
  'day_note',
  'open_shift',
  'open_shift_claim',
  'proposal',
  'pay_rate',
  'labour_settings',
  'timesheet',
] as const;
// Of the proposals' rows, the assistant's accepted changes only (core audit/display auditDomain).
const assistantAcceptedOnly = sql`(${auditLog.entityType} <> 'proposal' or (${auditLog.action} = 'ACCEPTED' and ${auditLog.newValues} ->> 'source' = 'assistant'))`;

/** All database access of the reports: one set-based query per table, never one per person. */
export function createReportRepository(db: Db) {
  const shiftRow = alias(shifts, 'audit_shift');
  const requestRow = alias(requests, 'audit_request');
  const subjectStaff = alias(staff, 'subject_staff');
  // A change made in support mode names the user the agent acted as (docs/support.md).
  const onBehalfOf = alias(users, 'on_behalf_of_user');
  // The member of staff an entry is about: the staff row itself, a shift's (its row, or the values
  // of a deleted one), a request's, a claim's, a pay rate's, a timesheet's.
  const subjectStaffId = sql<string | null>`case
    when ${auditLog.entityType} = 'staff' then ${auditLog.entityId}
    when ${auditLog.entityType} = 'shift' then coalesce(${shiftRow.staffId}, (coalesce(${auditLog.newValues}, ${auditLog.oldValues}) ->> 'staffId')::uuid)
    when ${auditLog.entityType} = 'request' then ${requestRow.staffId}
    when ${auditLog.entityType} in ('open_shift_claim', 'pay_rate', 'timesheet') then (coalesce(${auditLog.newValues}, ${auditLog.oldValues}) ->> 'staffId')::uuid
  end`;

  function auditWhere(teamId: string, filter: AuditFilter): SQL {
    const where: SQL[] = [
      eq(auditLog.teamId, teamId),
      inArray(auditLog.entityType, [...REPORTED_ENTITIES]),
      assistantAcceptedOnly,
      gte(auditLog.changedAt, filter.since),
    ];
    if (filter.before) where.push(lt(auditLog.changedAt, filter.before));
    if (filter.domain) where.push(DOMAIN_WHERE[filter.domain]);
    if (filter.actorId) where.push(eq(auditLog.changedBy, filter.actorId));
    if (filter.staffId) where.push(sql`${subjectStaffId} = ${filter.staffId}`);
    return and(...where)!;
  }

  const shiftJoin = and(eq(auditLog.entityType, 'shift'), eq(shiftRow.id, auditLog.entityId));
  const requestJoin = and(eq(auditLog.entityType, 'request'), eq(requestRow.id, auditLog.entityId));

  return {
    /** Members of staff who had not left before `startDate`, in the team's order, with their contracts. */
    async staffForRange(teamId: string, startDate: string, endDate: string, staffIds: readonly string[]) {
      const where: SQL[] = [
        eq(staff.teamId, teamId),
        or(isNull(staff.leavingDate), gte(staff.leavingDate, startDate))!,
      ];
      if (staffIds.length) where.push(inArray(staff.id, [...staffIds]));
      const people = await db
        .select({
          staffId: staff.id,
          firstName: staff.firstName,
          lastName: staff.lastName,
          leavingDate: staff.leavingDate,
        })
        .from(staff)
        .where(and(...where))
        .orderBy(asc(staff.displayOrder), asc(staff.createdAt));
      const hours = await db
        .select({
          staffId: weeklyHours.staffId,
          hoursPerWeek: weeklyHours.hoursPerWeek,
          effectiveFrom: weeklyHours.effectiveFrom,
        })
        .from(weeklyHours)
        .where(and(eq(weeklyHours.teamId, teamId), sql`${weeklyHours.effectiveFrom} <= ${endDate}`));
      const byStaff = new Map<string, { hoursPerWeek: number; effectiveFrom: string }[]>();
      for (const h of hours) {
        const own = byStaff.get(h.staffId);
        if (own) own.push(h);
        else byStaff.set(h.staffId, [h]);
      }
      return people.map((p): ReportStaff => ({ ...p, weeklyHours: byStaff.get(p.staffId) ?? [] }));
    },

    /**
     * The team's entries in the range: one index scan on (team_id, shift_date). Read as the driver's
     * rows, named as ReportEntry's fields, rather than through Drizzle's select: its per-cell mapping
     * cost about half as much again as the read itself for a year of a large team (bench/README.md).
     * Dates and times come as text (the values Drizzle gives), entries without adjustments as null, so
     * the driver parses no JSON for them.
     */
    async entries(teamId: string, filter: EntryFilter): Promise<ReportEntry[]> {
      const where: SQL[] = [
        sql`team_id = ${teamId}`,
        sql`shift_date between ${filter.startDate} and ${filter.endDate}`,
      ];
      if (filter.staffIds.length) where.push(inArray(shifts.staffId, [...filter.staffIds]));
      if (filter.only === 'timeOff') where.push(sql`is_time_off`);
      if (filter.only === 'adjusted') where.push(sql`attendance_adjustments <> '[]'::jsonb`);
      if (isEmbedded(db)) {
        // Embedded PGlite parses the protocol in JavaScript on this thread: one JSON value built by the
        // database instead of ten text cells per row is several times cheaper there (as the week read).
        const result = (await db.execute(sql`
          select coalesce(json_agg(json_build_object(
            'shiftId', id, 'staffId', staff_id, 'shiftDate', shift_date, 'startTime', start_time,
            'endTime', end_time, 'breakMinutes', break_minutes, 'isTimeOff', is_time_off,
            'timeOffDays', time_off_days, 'timeOffHours', time_off_hours,
            'attendanceAdjustments', attendance_adjustments
          ) order by shift_date, start_time), '[]') as entries
          from ${shifts}
          where ${and(...where)}`)) as unknown as { rows: { entries: ReportEntry[] | string }[] };
        const entries = result.rows[0]?.entries ?? [];
        return typeof entries === 'string' ? JSON.parse(entries) : entries;
      }
      const result = (await db.execute(sql`
        select id as "shiftId", staff_id as "staffId", shift_date::text as "shiftDate",
               start_time::text as "startTime", end_time::text as "endTime", break_minutes as "breakMinutes",
               is_time_off as "isTimeOff", time_off_days as "timeOffDays", time_off_hours as "timeOffHours",
               nullif(attendance_adjustments, '[]'::jsonb) as "attendanceAdjustments"
        from ${shifts}
        where ${and(...where)}
        order by shift_date, start_time`)) as unknown as { rows: RawEntry[] };
      const rows = result.rows;
      for (const row of rows) row.attendanceAdjustments ??= NO_ADJUSTMENTS;
      return rows as ReportEntry[];
    },

    /** One page of the team's audit entries, newest first, with who made them and what they are about. */
    async auditPage(teamId: string, filter: AuditFilter, offset: number, limit: number) {
      const where = auditWhere(teamId, filter);
      const rows = await db
        .select({
          audit: auditLog,
          actorFirstName: users.firstName,
          actorLastName: users.lastName,
          actorEmail: users.email,
          onBehalfOfFirstName: onBehalfOf.firstName,
          onBehalfOfLastName: onBehalfOf.lastName,
          onBehalfOfEmail: onBehalfOf.email,
          staffFirstName: subjectStaff.firstName,
          staffLastName: subjectStaff.lastName,
          shiftDate: sql<
            string | null
          >`coalesce(${shiftRow.shiftDate}::text, coalesce(${auditLog.newValues}, ${auditLog.oldValues}) ->> 'shiftDate')`,
          teamName: teams.name,
        })
        .from(auditLog)
        .leftJoin(shiftRow, shiftJoin)
        .leftJoin(requestRow, requestJoin)
        .leftJoin(users, eq(users.id, auditLog.changedBy))
        .leftJoin(onBehalfOf, eq(onBehalfOf.id, auditLog.onBehalfOf))
        .leftJoin(subjectStaff, sql`${subjectStaff.id} = ${subjectStaffId}`)
        .leftJoin(teams, eq(teams.id, auditLog.teamId))
        .where(where)
        .orderBy(desc(auditLog.changedAt), desc(auditLog.id))
        .offset(offset)
        .limit(limit);
      return rows;
    },

    async auditCount(teamId: string, filter: AuditFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .leftJoin(shiftRow, shiftJoin)
        .leftJoin(requestRow, requestJoin)
        .where(auditWhere(teamId, filter));
      return row?.n ?? 0;
    },

    /** Everyone who changed something in the team since `since`, for the actor filter. */
    async auditActors(teamId: string, since: Date) {
      return db
        .selectDistinct({
          actorId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.changedBy))
        .where(and(eq(auditLog.teamId, teamId), gte(auditLog.changedAt, since)));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
export type AuditPageRow = Awaited<ReturnType<ReportRepository['auditPage']>>[number];
