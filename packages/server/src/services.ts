import type { FastifyInstance } from 'fastify';
import { createModelEngine, type ModelEngine } from './modules/assistant/assistant.model.ts';
import { createAssistantService } from './modules/assistant/assistant.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAvailabilityService } from './modules/availability/availability.service.ts';
import type { BillingProvider } from './modules/billing/billing.provider.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createDemoProvider } from './modules/billing/demo.provider.ts';
import { createStripeProvider, type StripeProvider } from './modules/billing/stripe.provider.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { createDayNoteService } from './modules/day-notes/day-notes.module.ts';
import { createEmailChangeService } from './modules/email-change/email-change.service.ts';
import { createInviteService } from './modules/invites/invite.service.ts';
import { createLabourService } from './modules/labour/labour.service.ts';
import { createNoShowService } from './modules/no-shows/no-show.service.ts';
import { createOpenShiftService } from './modules/open-shifts/open-shift.service.ts';
import { createProposalService } from './modules/proposals/proposal.service.ts';
import { createReportService } from './modules/reports/report.service.ts';
import { createRequestService } from './modules/requests/request.service.ts';
import { planAgentRun } from './modules/schedule-agent/agent/plan-run.ts';
import { createAgentRunService, type Planner } from './modules/schedule-agent/runs.service.ts';
import { createShiftRepository } from './modules/shifts/shift.repository.ts';
import { createShiftService } from './modules/shifts/shift.service.ts';
import { createWeekCache, type WeekCache } from './modules/shifts/week-cache.ts';
import { createSickCallService } from './modules/sick-calls/sick-call.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createStaffingSettingsService } from './modules/staffing/staffing-settings.service.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { createTeamService } from './modules/teams/team.service.ts';
import { createTimeClockService } from './modules/time-clock/time-clock.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every feature's service, built once for the app (services.ts); routes reach them here. */
    services: Services;
  }
}

export type ServiceOptions = {
  /** The week read's cache; by default one per app, bounded by WEEK_CACHE_MB. */
  weekCache?: WeekCache;
  /** Replaces the schedule agent's planner (tests). */
  agentPlanner?: Planner;
  /** Replaces the assistant's language model (tests). */
  assistantModel?: ModelEngine;
  /** The server's clock for the time clock (tests set the time of day); Date.now by default. */
  clock?: () => number;
};

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: each service is made once here, from the app's infrastructure (database,
 * mailer, live hub, configuration) and from the services it stands on, so a module never builds
 * another's service and there is one shift service (and one week cache) per app. Called by app.ts
 * after the live hub is registered and before the routes.
 */
export function createServices(app: FastifyInstance, options: ServiceOptions = {}) {
  const { config } = app;
  const base = {
    db: app.db,
    proEmails: config.proEmails,
    publicUrl: config.publicUrl,
    mailer: app.mailer,
    events: app.realtime,
    log: app.log,
  };

  const shifts = createShiftService({
    ...base,
    weekCache: options.weekCache ?? createWeekCache(config.weekCacheBytes),
  });
  const dayNotes = createDayNoteService(base);
  const openShifts = createOpenShiftService({ ...base, shifts });

  const stripe: StripeProvider | null = config.stripe ? createStripeProvider(config.stripe) : null;
  const billingProvider: BillingProvider =
    stripe ?? createDemoProvider({ db: app.db, publicUrl: config.publicUrl });

  const model =
    options.assistantModel ??
    (config.assistantModel ? createModelEngine(config.assistantModel, app.log) : null);

  return {
    auth: createAuthService({ ...base, resendSeconds: config.magicLinkResendSeconds }),
    emailChange: createEmailChangeService(base),
    support: createSupportService({ ...base, supportEmails: config.supportEmails }),
    teams: createTeamService(base),
    staff: createStaffService(base),
    availability: createAvailabilityService(base),
    invites: createInviteService(base),
    shifts,
    dayNotes,
    billing: { service: createBillingService({ ...base, provider: billingProvider }), stripe },
    // Approving a request, a claim or a proposal is an ordinary schedule change: the one shift
    // service's checks, audit, cache and live update.
    requests: createRequestService({ ...base, shifts }),
    openShifts,
    // A sick call posts its shift's place through the open-shift service, inside its own command.
    sickCalls: createSickCallService({ ...base, openShifts }),
    // Checked on a timer by no-show-checker.plugin.ts (and called directly by tests).
    noShows: createNoShowService(base),
    reports: createReportService(base),
    // The check of a period reads the schedule's entries: staffing stands below shifts, so they are passed in.
    staffing: createStaffingSettingsService({ ...base, schedule: createShiftRepository }),
    agentRuns: createAgentRunService({ ...base, plan: options.agentPlanner ?? planAgentRun }),
    proposals: createProposalService({ ...base, shifts, dayNotes }),
    labour: createLabourService(base),
    assistant: { service: createAssistantService({ ...base, model }), model },
    calendar: createCalendarService(base),
    timeClock: createTimeClockService({ ...base, ...(options.clock ? { clock: options.clock } : {}) }),
  };
}
