import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always lower-case (core EmailAddress), so the unique index is case-insensitive in effect. */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  // The account's subscription as its billing provider last reported it (modules/billing); the tier
  // is worked out from these by core's resolveTier, since it depends on the time (period end, grace).
  billingProvider: text('billing_provider', { enum: ['stripe', 'demo'] }),
  billingCustomerId: text('billing_customer_id').unique(),
  billingSubscriptionId: text('billing_subscription_id'),
  billingStatus: text('billing_status', { enum: ['active', 'past_due', 'cancelled'] }),
  billingCurrency: text('billing_currency'),
  billingPeriodEnd: timestamp('billing_period_end', { withTimezone: true }),
  billingCancelAtPeriodEnd: boolean('billing_cancel_at_period_end').notNull().default(false),
  billingPastDueSince: timestamp('billing_past_due_since', { withTimezone: true }),
  /** Whether request emails (arrived, decided) are sent to this person; a setting in /settings. */
  requestEmails: boolean('request_emails').notNull().default(true),
  /** How times are shown to this person: 'auto' follows their browser's region (core time/format). */
  timeFormat: text('time_format', { enum: ['auto', '12h', '24h'] })
    .notNull()
    .default('auto'),
  /** When the provider produced the state stored here: older notices arriving late change nothing. */
  billingEventAt: timestamp('billing_event_at', { withTimezone: true }),
  /** Set when an invitation is accepted; reported (and cleared) by the next sign-in. */
  pendingInviteTeamId: uuid('pending_invite_team_id'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Emailed sign-in links. Only the SHA-256 of the token is kept. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address it went to: the resend window is per address, not per account. */
    sentTo: text('sent_to').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('magic_links_sent_to_created_idx').on(t.sentTo, t.createdAt)],
);

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A change of sign-in address in two steps: the new address verifies (verify token), then the old
 * address confirms (confirm token). At most one open change per user.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    verifyTokenHash: text('verify_token_hash').notNull().unique(),
    confirmTokenHash: text('confirm_token_hash').unique(),
    newEmailVerifiedAt: timestamp('new_email_verified_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.completedAt} is null and ${t.cancelledAt} is null`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    weekStartDay: smallint('week_start_day').notNull().default(1),
    /**
     * The team's IANA time zone (issue 41): shift times are wall-clock times there, lengths are real
     * elapsed time there, and "today" is its today. Teams made before it existed are UTC.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerInStaffList: boolean('owner_in_staff_list').notNull().default(false),
    scheduleAgentEnabled: boolean('schedule_agent_enabled').notNull().default(true),
    lockedUntil: date('locked_until'),
    hideScheduleAfterLock: boolean('hide_schedule_after_lock').notNull().default(false),
    /**
     * Bumped by a trigger in the same statement as every change to the team's shifts (migration
     * 0003): a week read's validator (ETag) comes from it without reading a shift.
     */
    scheduleVersion: bigint('schedule_version', { mode: 'number' }).notNull().default(0),
    /**
     * The team's money (issue 43): ISO 4217, every amount of it in integer minor units. Teams made
     * before it existed take their owner's billing currency, else USD (migration 0015).
     */
    currency: text('currency').notNull().default('USD'),
    /** Labour settings (issue 43, modules/labour): the weekly budget in minor units, null when unset. */
    weeklyBudgetMinor: integer('weekly_budget_minor'),
    /** Paid minutes in one team week after which a person's minutes are overtime; null: no overtime. */
    overtimeAfterMinutes: integer('overtime_after_minutes'),
    /** Overtime's multiplier in hundredths (150 = 1.5): money stays integer arithmetic. */
    overtimeMultiplierHundredths: smallint('overtime_multiplier_hundredths').notNull().default(150),
    /** Day settings (issue 44, modules/time-clock): how early before a shift's start a clock-in attaches to it. */
    clockInEarlyMinutes: smallint('clock_in_early_minutes').notNull().default(15),
    /** Minutes after a shift's start without a clock-in before the administrators are told (no-shows). */
    lateAfterMinutes: smallint('late_after_minutes').notNull().default(10),
    /** How many colleagues a sick call's open shift is offered to, best ranked first. */
    sickCoverOffers: smallint('sick_cover_offers').notNull().default(3),
    /** A sick cover's first claim is approved at once (true) or waits for an administrator. */
    autoApproveSickCover: boolean('auto_approve_sick_cover').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The account linked by an accepted invitation (or the owner's own row). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default(''),
    email: text('email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    leavingDate: date('leaving_date'),
    inviteStatus: text('invite_status', { enum: ['not_invited', 'invited', 'accepted'] })
      .notNull()
      .default('not_invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** SHA-256 of the pending invitation's token; cleared when accepted or revoked. */
    inviteTokenHash: text('invite_token_hash').unique(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('staff_team_order_idx').on(t.teamId, t.displayOrder),
    index('staff_user_idx').on(t.userId),
    uniqueIndex('staff_one_row_per_user_per_team').on(t.teamId, t.userId).where(sql`${t.userId} is not null`),
  ],
);

/** Contracted hours per week for a member of staff, in force from `effective_from` until the next entry. */
export const weeklyHours = pgTable(
  'weekly_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    hoursPerWeek: doublePrecision('hours_per_week').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('weekly_hours_one_per_staff_per_date').on(t.staffId, t.effectiveFrom),
    index('weekly_hours_team_idx').on(t.teamId),
  ],
);

/**
 * A member of staff's hourly rate (issue 43), in the team's currency's minor units, in force from
 * `effective_from` until the next one. Read only by the owner, administrators and the person themself.
 */
export const payRates = pgTable(
  'pay_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from').notNull(),
    hourlyRateMinor: integer('hourly_rate_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pay_rates_one_per_staff_per_date').on(t.staffId, t.effectiveFrom),
    index('pay_rates_team_idx').on(t.teamId),
    check('pay_rates_hourly_rate_minor_range', sql`${t.hourlyRateMinor} between 0 and 1000000`),
  ],
);

/**
 * When a member of staff cannot work or would like to (issue 25): each row is either weekly (a
 * weekday, 1 = Monday) or on one date. Null times mean the whole day; an end before the start runs
 * past midnight. A PUT replaces a person's whole set, so rows are never updated in place.
 */
export const staffAvailability = pgTable(
  'staff_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday'),
    availableDate: date('available_date'),
    startTime: time('start_time'),
    endTime: time('end_time'),
    kind: text('kind', { enum: ['unavailable', 'preferred'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_availability_staff_idx').on(t.staffId),
    index('staff_availability_team_idx').on(t.teamId),
  ],
);

/**
 * Shifts and time-off entries (spec 1 §3). Times are wall-clock `time` values; an end before the
 * start means the shift ends the next day.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shiftDate: date('shift_date').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    notes: text('notes'),
    notesVisibleToAll: boolean('notes_visible_to_all').notNull().default(true),
    isTimeOff: boolean('is_time_off').notNull().default(false),
    timeOffDays: doublePrecision('time_off_days'),
    timeOffHours: doublePrecision('time_off_hours'),
    colour: smallint('colour'),
    breakMinutes: integer('break_minutes').notNull().default(0),
    attendanceAdjustments: jsonb('attendance_adjustments')
      .$type<{ minutes: number; reason: string; comment: string }[]>()
      .notNull()
      .default([]),
    /** A shift its member called in sick for (issue 44): time off, marked sick; its place an open shift. */
    sick: boolean('sick').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The week query reads one team's date range in one index scan; conflict checks read one person's days.
  (t) => [
    index('shifts_team_date_idx').on(t.teamId, t.shiftDate),
    index('shifts_staff_date_idx').on(t.staffId, t.shiftDate),
  ],
);

/** A note above a day of the schedule; notes not shown to all staff are for administrators. */
export const dayNotes = pgTable(
  'day_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    noteDate: date('note_date').notNull(),
    noteText: text('note_text').notNull(),
    showToAllStaff: boolean('show_to_all_staff').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('day_notes_team_date_idx').on(t.teamId, t.noteDate)],
);

/** Who changed what, when (ARCHITECTURE "Audit"); written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    entityType: text('entity_type', {
      enum: [
        'team',
        'staff',
        'shift',
        'day_note',
        'request',
        'adjustment',
        'user',
        'support_ticket',
        'support_message',
        'support_session',
        'proposal',
        // Issue 27; a text column, so a new kind needs no migration.
        'open_shift',
        'open_shift_claim',
        'assistant_message',
        // Issue 43.
        'pay_rate',
        'labour_settings',
        // Issue 44: a time clock entry (clock-in, breaks, clock-out, edits and decisions).
        'timesheet',
      ],
    }).notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Set when a support agent made the change while logged in as this user (issue 14): `changedBy`
     * is then the agent, who really acted.
     */
    onBehalfOf: uuid('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_team_changed_idx').on(t.teamId, t.changedAt),
    index('audit_entity_idx').on(t.entityType, t.entityId),
  ],
);

/** The dev outbox: emails kept instead of sent when SMTP_URL is unset (never in production). */
export const devOutbox = pgTable('dev_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/** Billing notices already applied, by the provider's event id: a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The demo billing provider's checkout and portal sessions (no money moves): what the page at
 * /billing/demo-checkout or /billing/demo-portal shows, and where it returns to.
 */
export const demoBillingSessions = pgTable(
  'demo_billing_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    currency: text('currency'),
    successUrl: text('success_url'),
    /** The cancel address of a checkout, or the return address of a portal session. */
    returnUrl: text('return_url').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('demo_billing_sessions_user_idx').on(t.userId)],
);

/** Requests staff send to their team's administrators (spec 2 §3 Request, issue 13). */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Text columns: swaps and give-aways (issue 27) added 'swap', 'give_away' and the status
    // 'awaiting_colleague' without a migration.
    requestType: text('request_type', { enum: ['time_off', 'other', 'swap', 'give_away'] }).notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    timeOffDays: doublePrecision('time_off_days'),
    timeOffHours: doublePrecision('time_off_hours'),
    breakMinutes: integer('break_minutes').notNull().default(0),
    status: text('status', { enum: ['awaiting_colleague', 'pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** Swap and give-away (issue 27): the requester's shift. */
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** Swap: the colleague's shift offered in exchange. */
    targetShiftId: uuid('target_shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** Swap and give-away to a named colleague: who must accept first (null: a give-away to anyone). */
    targetStaffId: uuid('target_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    colleagueRespondedAt: timestamp('colleague_responded_at', { withTimezone: true }),
    adminComments: text('admin_comments'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requests_team_created_idx').on(t.teamId, t.createdAt),
    index('requests_team_status_idx').on(t.teamId, t.status),
  ],
);

/** Support tickets between a user and the support agents (spec 2 §3, issue 14). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: ['Help', 'Bug', 'Feedback'] }).notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** A support reply the user has not opened yet. */
    unreadByUser: boolean('unread_by_user').notNull().default(false),
    /** A user message no agent has opened yet. */
    unreadBySupport: boolean('unread_by_support').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.updatedAt),
    index('support_tickets_updated_idx').on(t.updatedAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'support'] }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Support sessions: an agent logged in as a ticket's user for an hour (spec 2 §4, issue 14). The
 * browser holds a second cookie with a random token (only its SHA-256 is kept here); it counts only
 * together with the agent's own session it was started from, which stays as it was.
 */
export const supportSessions = pgTable(
  'support_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The agent's own session; null once it ended (logout), which ends this one too. */
    agentSessionId: uuid('agent_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    /** The ticket it was started from: the user sees the visit in that thread. */
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('support_sessions_ticket_idx').on(t.ticketId, t.startedAt),
    index('support_sessions_user_idx').on(t.userId),
  ],
);

/**
 * A team's staffing settings (issue 25): coverage slots and rule limits, as core's StaffingSettings
 * (contracts/schedule-agent.ts) parsed them. No row = DEFAULT_STAFFING_SETTINGS.
 */
export const teamStaffingSettings = pgTable('team_staffing_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A proposal: changes the schedule agent (or, next, the assistant) offers, each accepted or rejected
 * on its own (contracts/proposals.ts). The run's figures are kept as it reported them, for the logs.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['agent', 'assistant'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name at the time, so the logs still say who ran it after they leave. */
    createdByName: text('created_by_name').notNull(),
    /** The support agent who made it as the user, if any (as the audit's on_behalf_of). */
    onBehalfOf: uuid('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    mode: text('mode', { enum: ['fill', 'rebuild'] }),
    uncovered: jsonb('uncovered').notNull().default([]),
    coverageBefore: jsonb('coverage_before').notNull(),
    coverageAfter: jsonb('coverage_after').notNull(),
    hours: jsonb('hours').notNull().default([]),
    solver: jsonb('solver'),
    /** The run's labour cost of its team weeks, before and after, against the budget (issue 43); null for the assistant's. */
    cost: jsonb('cost'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('proposals_team_idx').on(t.teamId, t.createdAt)],
);

/** One change of a proposal, in the order offered; `change` is the AgentChange without its state. */
export const proposalChanges = pgTable(
  'proposal_changes',
  {
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    changeId: text('change_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    change: jsonb('change').notNull(),
    state: text('state', { enum: ['pending', 'accepted', 'rejected', 'failed'] })
      .notNull()
      .default('pending'),
    /** The shift an accepted create made, or the shift a remove removed. */
    shiftId: uuid('shift_id'),
    /** A removed shift as it was, so undo can put it back. */
    removedShift: jsonb('removed_shift'),
    failure: text('failure'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('proposal_changes_pk').on(t.proposalId, t.changeId)],
);

/**
 * Each person's calendar feed (issue 27). The address's token is 32 random bytes, shown once; the row
 * keeps only its SHA-256, by which `GET /calendar/{token}.ics` finds it (issue 45: until migration 0017
 * the token was HMAC(server key, user id + nonce), which a dump of the database could make again; the
 * migration dropped the nonce and the key, and the addresses made that way keep working by their hash).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Keys the server derives secrets from, made at random by the migration that needs them, so every
 * instance of one deployment agrees on them. Empty since migration 0017 removed the calendar feed's
 * ('calendar_feed'): a key in the database is in every dump of it (issue 45).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * An open shift (issue 27): a place on the rota for anyone whose role fits to claim; an
 * administrator approves claims until `staffCount` are filled. A give-away to anyone, approved,
 * becomes one of these with `fromRequestId` set.
 */
export const openShifts = pgTable(
  'open_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    shiftDate: date('shift_date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    role: text('role'),
    notes: text('notes'),
    staffCount: integer('staff_count').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fromRequestId: uuid('from_request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** The shift whose member called in sick (issue 44): this open shift is its cover. */
    fromSickShiftId: uuid('from_sick_shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('open_shifts_team_date_idx').on(t.teamId, t.shiftDate)],
);

/** A member's claim on an open shift; approving one creates their shift (`shiftId`). */
export const openShiftClaims = pgTable(
  'open_shift_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openShiftId: uuid('open_shift_id')
      .notNull()
      .references(() => openShifts.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('open_shift_claims_one_per_person').on(t.openShiftId, t.staffId),
    index('open_shift_claims_staff_idx').on(t.staffId),
  ],
);

/** A conversation with the schedule assistant (issue 26), kept for the team's audit. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('assistant_conversations_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * One message of a conversation: the user's (`role` 'user', counted against the team's monthly
 * allowance by `created_at`) or the assistant's reply, with the engine that answered and its proposal.
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    text: text('text').notNull(),
    engine: text('engine', { enum: ['model', 'built-in'] }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The support agent who sent it as the user, if any (as the audit's on_behalf_of). */
    onBehalfOf: uuid('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_messages_team_idx').on(t.teamId, t.role, t.createdAt),
    index('assistant_messages_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);

/**
 * A time clock entry (issue 44, modules/time-clock): clock-in to clock-out by the server's clock, the
 * breaks taken, and its review. `shiftId` null: an unscheduled entry. One open entry per person, one
 * entry per shift (both unique indexes, so two taps or two processes cannot make a second).
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** The team-local date the entry counts on: its shift's date, or the clock-in's date in the team's zone. */
    workDate: date('work_date').notNull(),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }).notNull(),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    /** The break running now, if any; its seconds join `breakSeconds` when it ends. */
    breakStartedAt: timestamp('break_started_at', { withTimezone: true }),
    /** Ended breaks, in seconds (minutes are rounded only when shown or paid). */
    breakSeconds: integer('break_seconds').notNull().default(0),
    status: text('status', { enum: ['open', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('timesheets_team_date_idx').on(t.teamId, t.workDate),
    uniqueIndex('timesheets_one_open_per_person').on(t.staffId).where(sql`status = 'open'`),
    uniqueIndex('timesheets_one_per_shift').on(t.shiftId).where(sql`shift_id is not null`),
  ],
);

/**
 * A no-show told (issue 44, modules/no-shows): its primary key is the shift, so however many processes
 * check, the one whose insert lands is the one that sends. `resolvedAt`: the person clocked in since,
 * or an administrator dismissed it from the bell.
 */
export const noShowAlerts = pgTable(
  'no_show_alerts',
  {
    shiftId: uuid('shift_id')
      .primaryKey()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('no_show_alerts_team_idx').on(t.teamId, t.sentAt)],
);

/** A colleague a sick call's open shift was offered to (issue 44), with the rule engine's reason in words. */
export const sickCoverOffers = pgTable(
  'sick_cover_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openShiftId: uuid('open_shift_id')
      .notNull()
      .references(() => openShifts.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    rank: smallint('rank').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sick_cover_offers_one_per_person').on(t.openShiftId, t.staffId),
    index('sick_cover_offers_staff_idx').on(t.staffId),
  ],
);
