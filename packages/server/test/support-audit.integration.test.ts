/**
 * Every write names who really made it (issue 24): each write route of the OpenAPI document the app
 * serves is performed in support mode (Hal Helper, a support agent, logged in as Ada Owner), and
 * every audit row it writes must name the agent in `changed_by` and Ada in `on_behalf_of`, and read
 * "Support (Hal Helper) as Ada Owner" where people see it: the team's audit report, the shift history,
 * and `auditActorName` for the rows no report shows (the account, tickets, support sessions).
 *
 * A route with no case below fails the first test, by name: whoever adds a write route says here
 * what it writes. Routes support mode refuses (SUPPORT_MODE_REFUSED_ROUTES: only the account holder
 * may change the sign-in address, pay, delete a team, log out everywhere or start support mode) are
 * sent too, and must answer 403 and write nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auditActorName } from '@rotaboard/core/audit/actor';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import {
  refusedInSupportMode,
  SUPPORT_MODE_REFUSED_MESSAGE,
  supportActorName,
} from '@rotaboard/core/support/support-mode';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';
import { renderOpenApi } from './support/openapi.ts';

const today = new Date().toISOString().slice(0, 10);
/** The week (from Monday) of the shift the writes below add and edit, dated tomorrow. */
const shiftWeek = startOfWeek(addDays(today, 1), 1);
const AS_ADA = supportActorName('Hal Helper', 'Ada Owner');
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

type Doc = { paths: Record<string, Record<string, unknown>> };
/** The write routes of a document, as `METHOD /path/{param}`. */
const writeRoutes = (doc: Doc) =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => WRITES.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
const documented = writeRoutes(JSON.parse(await renderOpenApi()) as Doc);

type Call = ReturnType<typeof client>;
type World = Awaited<ReturnType<typeof buildWorld>>;
type Case =
  /** Support mode refuses it: only the account holder may (the reason is on the refused list). */
  | { refused: true; run(w: World): Promise<LightMyRequestResponse> }
  /** It must write at least one audit row. */
  | { audited: true; run(w: World): Promise<LightMyRequestResponse> }
  /** It writes no audit row, for the reason given; a row it did write would still be checked. */
  | { notAudited: string; run(w: World): Promise<LightMyRequestResponse> };

const uuid = '00000000-0000-4000-8000-000000000001';

/**
 * One case per write route, run in this order (later ones use what earlier ones made; the two that
 * end support mode come last). Ada is the owner of the team `w.base`, on it herself, on Pro.
 */
const CASES: Record<string, Case> = {
  'POST /api/auth/login': {
    notAudited: 'it only mails a sign-in link; nothing is changed until the link is used',
    run: (w) => w.as('POST', '/api/auth/login', { email: w.adaEmail }),
  },
  'PUT /api/users/me': {
    audited: true,
    // Ada signed up as "Ada Ownr": from here on she is Ada Owner, the name every check expects.
    run: (w) => w.as('PUT', '/api/users/me', { firstName: 'Ada', lastName: 'Owner' }),
  },
  'PUT /api/users/me/preferences': {
    audited: true,
    run: (w) => w.as('PUT', '/api/users/me/preferences', { requestEmails: false }),
  },
  'POST /api/auth/change-email/initiate': {
    refused: true,
    run: (w) => w.as('POST', '/api/auth/change-email/initiate', { newEmail: 'ada.new@example.com' }),
  },
  'POST /api/auth/change-email/cancel': {
    refused: true,
    run: (w) => w.as('POST', '/api/auth/change-email/cancel'),
  },
  'POST /api/auth/logout-all-devices': {
    refused: true,
    run: (w) => w.as('POST', '/api/auth/logout-all-devices'),
  },
  'POST /api/auth/impersonate/{userId}': {
    refused: true,
    run: (w) => w.as('POST', `/api/auth/impersonate/${w.wynId}`),
  },
  'POST /api/subscriptions/checkout': {
    refused: true,
    run: (w) =>
      w.as('POST', '/api/subscriptions/checkout', {
        successUrl: 'http://localhost:3000/billing/success',
        cancelUrl: 'http://localhost:3000/billing',
        currency: 'usd',
      }),
  },
  'POST /api/subscriptions/portal': {
    refused: true,
    run: (w) => w.as('POST', '/api/subscriptions/portal', { returnUrl: 'http://localhost:3000/billing' }),
  },
  'POST /api/billing/demo/checkout/{sessionId}/pay': {
    refused: true,
    run: (w) => w.as('POST', `/api/billing/demo/checkout/${uuid}/pay`),
  },
  'PUT /api/billing/demo/portal/{sessionId}/cancel-at-period-end': {
    refused: true,
    run: (w) => w.as('PUT', `/api/billing/demo/portal/${uuid}/cancel-at-period-end`, { cancel: true }),
  },
  'DELETE /api/teams/{id}': {
    refused: true,
    run: (w) => w.as('DELETE', w.base),
  },
  'POST /api/calendar/feed/reset': {
    refused: true,
    // The new address would outlive support mode in the agent's hands (issue 27).
    run: (w) => w.as('POST', '/api/calendar/feed/reset'),
  },
  'POST /api/support/tickets': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', '/api/support/tickets', { title: 'Second', message: 'Filed for Ada' });
      w.ids.ticket = res.json().id;
      return res;
    },
  },
  'POST /api/support/tickets/{id}/messages': {
    audited: true,
    run: (w) => w.as('POST', `/api/support/tickets/${w.ids.ticket}/messages`, { message: 'More detail' }),
  },
  'PUT /api/support/tickets/{id}/status': {
    audited: true,
    run: (w) => w.as('PUT', `/api/support/tickets/${w.ids.ticket}/status`, { status: 'closed' }),
  },
  'POST /api/teams': {
    audited: true,
    run: (w) => w.as('POST', '/api/teams', { teamName: 'Ada’s second team' }),
  },
  'PUT /api/teams/{id}': {
    audited: true,
    run: async (w) => {
      const { hash } = (await w.as('GET', w.base)).json();
      return w.as('PUT', w.base, { teamName: 'Diner & Co', weekStartDay: 1, hash });
    },
  },
  'POST /api/teams/{id}/staff': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/staff`, { firstName: 'Nia', role: 'Cook' }),
  },
  'POST /api/teams/{id}/staff/order': {
    audited: true,
    run: async (w) => {
      const rows = (await w.as('GET', `${w.base}/staff?includeAll=true`)).json() as { staffId: string }[];
      return w.as('POST', `${w.base}/staff/order`, { staffIds: rows.map((r) => r.staffId).reverse() });
    },
  },
  'PUT /api/teams/{id}/staff/{staffId}': {
    audited: true,
    run: async (w) => {
      const rows = (await w.as('GET', `${w.base}/staff?includeAll=true`)).json() as {
        staffId: string;
        hash: string;
      }[];
      const hash = rows.find((r) => r.staffId === w.ids.bo)!.hash;
      return w.as('PUT', `${w.base}/staff/${w.ids.bo}`, { firstName: 'Bob', role: 'Barista', hash });
    },
  },
  'DELETE /api/teams/{id}/staff/{staffId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/staff/${w.ids.cy}`),
  },
  'POST /api/teams/{id}/staff/{staffId}/cancel-leaving': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/staff/${w.ids.lee}/cancel-leaving`),
  },
  'PUT /api/teams/{id}/staff/{staffId}/availability': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/staff/${w.ids.bo}/availability`, {
        weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
        dates: [],
      }),
  },
  'PUT /api/teams/{id}/schedule-agent': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/schedule-agent`, {
        coverage: [
          { weekday: 1, startTime: '07:00', endTime: '15:00', breakMinutes: 30, staffCount: 2, role: null },
        ],
      }),
  },
  'POST /api/teams/{id}/schedule-agent/validate-period': {
    notAudited: 'a read: it checks the schedule against the rules and coverage, and changes nothing',
    run: (w) =>
      w.as('POST', `${w.base}/schedule-agent/validate-period`, {
        startDate: today,
        endDate: addDays(today, 6),
      }),
  },
  'POST /api/teams/{id}/weekly-hours': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/weekly-hours`, {
        staffId: w.ids.bo,
        hoursPerWeek: 30,
        effectiveFrom: today,
      });
      w.ids.entry = res.json().entryId;
      return res;
    },
  },
  'PUT /api/teams/{id}/weekly-hours/{entryId}': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/weekly-hours/${w.ids.entry}`, { hoursPerWeek: 32, effectiveFrom: today }),
  },
  'DELETE /api/teams/{id}/weekly-hours/{entryId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/weekly-hours/${w.ids.entry}`),
  },
  'POST /api/teams/{id}/staff/{staffId}/pay-rates': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/staff/${w.ids.bo}/pay-rates`, {
        effectiveFrom: today,
        hourlyRateMinor: 1250,
      });
      w.ids.payRate = res.json().payRateId;
      return res;
    },
  },
  'DELETE /api/teams/{id}/staff/{staffId}/pay-rates/{payRateId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/staff/${w.ids.bo}/pay-rates/${w.ids.payRate}`),
  },
  'PUT /api/teams/{id}/labour-settings': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/labour-settings`, {
        weeklyBudgetMinor: 500_000,
        overtimeAfterMinutes: 2400,
        overtimeMultiplier: 1.5,
      }),
  },
  // Issue 44: the taps are the person's own (refused); edits, decisions and day settings are audited.
  'POST /api/teams/{id}/time-clock/clock-in': {
    refused: true,
    run: (w) => w.as('POST', `${w.base}/time-clock/clock-in`, {}),
  },
  'POST /api/teams/{id}/time-clock/break-start': {
    refused: true,
    run: (w) => w.as('POST', `${w.base}/time-clock/break-start`),
  },
  'POST /api/teams/{id}/time-clock/break-end': {
    refused: true,
    run: (w) => w.as('POST', `${w.base}/time-clock/break-end`),
  },
  'POST /api/teams/{id}/time-clock/clock-out': {
    refused: true,
    run: (w) => w.as('POST', `${w.base}/time-clock/clock-out`),
  },
  'PUT /api/teams/{id}/timesheets/{timesheetId}': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/timesheets/${w.ids.wynTimesheet}`, {
        clockInAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        clockOutAt: new Date(Date.now() - 3_600_000).toISOString(),
        breakMinutes: 0,
        reason: 'Clocked in late by mistake',
      }),
  },
  'POST /api/teams/{id}/timesheets/{timesheetId}/approve': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/timesheets/${w.ids.wynTimesheet}/approve`),
  },
  'POST /api/teams/{id}/timesheets/{timesheetId}/reject': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/timesheets/${w.ids.wynTimesheet}/reject`),
  },
  'PUT /api/teams/{id}/day-settings': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/day-settings`, {
        clockInEarlyMinutes: 30,
        lateAfterMinutes: 5,
        sickCoverOffers: 2,
        autoApproveSickCover: false,
      }),
  },
  'POST /api/teams/{id}/invite': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/invite`, { staffId: w.ids.ivy, email: 'ivy@example.com' }),
  },
  'POST /api/teams/{id}/resend-invite': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/resend-invite`, { staffId: w.ids.ivy }),
  },
  'DELETE /api/teams/{id}/invite': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/invite`, { staffId: w.ids.ivy }),
  },
  'POST /api/invites/accept': {
    audited: true,
    // Olly invited Ada to his team: accepting joins it as her.
    run: (w) => w.as('POST', '/api/invites/accept', { token: w.ids.ollyInvite }),
  },
  'POST /api/teams/{id}/shifts': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/shifts`, {
        staffId: w.ids.bo,
        shiftDate: addDays(today, 1),
        startTime: '09:00',
        endTime: '17:00',
      });
      w.ids.shift = res.json().shiftId;
      return res;
    },
  },
  'PUT /api/teams/{id}/shifts/{shiftId}': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/shifts/${w.ids.shift}`, {
        staffId: w.ids.bo,
        shiftDate: addDays(today, 1),
        startTime: '10:00',
        endTime: '17:00',
      }),
  },
  // Issue 44: the owner (as whom the agent acts) calls in sick for Bo on a shift of its own.
  'POST /api/teams/{id}/shifts/{shiftId}/sick': {
    audited: true,
    run: async (w) => {
      const made = await w.as('POST', `${w.base}/shifts`, {
        staffId: w.ids.bo,
        shiftDate: addDays(today, 3),
        startTime: '09:00',
        endTime: '13:00',
      });
      if (made.statusCode >= 300) return made;
      return w.as('POST', `${w.base}/shifts/${made.json().shiftId}/sick`, { note: 'Flu' });
    },
  },
  'DELETE /api/teams/{id}/shifts/{shiftId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/shifts/${w.ids.oldShift}`),
  },
  'PUT /api/teams/{id}/shifts/locked-until': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/shifts/locked-until`, {
        lockedUntil: addDays(today, -30),
        hideScheduleAfterLock: false,
      }),
  },
  'POST /api/teams/{id}/shifts/notify-week-updated': {
    notAudited: 'it emails the week’s staff about changes already audited; it changes nothing itself',
    run: (w) => {
      const start = startOfWeek(today, 1);
      return w.as('POST', `${w.base}/shifts/notify-week-updated`, {
        weekStartDate: start,
        weekEndDate: addDays(start, 6),
      });
    },
  },
  'POST /api/teams/{id}/shifts/copy-week': {
    audited: true,
    // The week holding the shift added above (tomorrow: next week's Monday on a Sunday), so there is
    // something to copy whatever day this runs.
    run: (w) =>
      w.as('POST', `${w.base}/shifts/copy-week`, {
        fromWeekStart: shiftWeek,
        toWeekStart: addDays(shiftWeek, 14),
      }),
  },
  'POST /api/teams/{id}/shifts/clear-week': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/shifts/clear-week`, { weekStartDate: addDays(shiftWeek, 14) }),
  },
  'POST /api/teams/{id}/day-notes': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/day-notes`, { noteDate: today, noteText: 'Delivery at 7' });
      w.ids.note = res.json().noteId;
      return res;
    },
  },
  'PUT /api/teams/{id}/day-notes/{noteId}': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/day-notes/${w.ids.note}`, { noteDate: today, noteText: 'Delivery at 8' }),
  },
  'DELETE /api/teams/{id}/day-notes/{noteId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/day-notes/${w.ids.note}`),
  },
  'POST /api/teams/{id}/schedule-agent/runs': {
    audited: true,
    // Needs coverage (PUT …/schedule-agent above sets a slot on every day) to propose anything.
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/schedule-agent/runs`, {
        startDate: addDays(today, 28),
        endDate: addDays(today, 34),
        mode: 'fill',
      });
      const body = res.json();
      w.ids.proposal = body.proposalId;
      [w.ids.change1, w.ids.change2] = body.changes.map((c: { changeId: string }) => c.changeId);
      return res;
    },
  },
  'POST /api/teams/{id}/proposals/{proposalId}/accept': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/proposals/${w.ids.proposal}/accept`, { changeIds: [w.ids.change1] }),
  },
  'POST /api/teams/{id}/proposals/{proposalId}/reject': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/proposals/${w.ids.proposal}/reject`, { changeIds: [w.ids.change2] }),
  },
  'POST /api/teams/{id}/proposals/{proposalId}/undo': {
    audited: true,
    run: (w) => w.as('POST', `${w.base}/proposals/${w.ids.proposal}/undo`),
  },
  'POST /api/assistant/{teamId}': {
    audited: true,
    // The built-in interpreter proposes a day note: the message and the proposal are audited.
    run: (w) =>
      w.as('POST', `/api/assistant/${w.base.split('/')[3]}`, {
        message: `note on ${addDays(today, 3)}: stocktake`,
        weekStartDate: today,
      }),
  },
  'POST /api/teams/{id}/requests': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/requests`, {
        requestType: 'other',
        description: 'Swap with Bob',
        startDate: addDays(today, 12),
        endDate: addDays(today, 12),
      });
      w.ids.adaRequest = res.json().requestId;
      return res;
    },
  },
  'PUT /api/teams/{id}/requests/{requestId}/cancel': {
    audited: true,
    run: (w) => w.as('PUT', `${w.base}/requests/${w.ids.adaRequest}/cancel`),
  },
  'PUT /api/teams/{id}/requests/{requestId}/respond': {
    audited: true,
    run: (w) => w.as('PUT', `${w.base}/requests/${w.ids.wynGiveAway}/respond`, { accept: true }),
  },
  'PUT /api/teams/{id}/requests/{requestId}/review': {
    audited: true,
    run: (w) => w.as('PUT', `${w.base}/requests/${w.ids.wynRequest}/review`, { status: 'approved' }),
  },
  'POST /api/teams/{id}/open-shifts': {
    audited: true,
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/open-shifts`, {
        shiftDate: addDays(today, 15),
        startTime: '09:00',
        endTime: '12:00',
      });
      w.ids.openShift = res.json().openShiftId;
      return res;
    },
  },
  'POST /api/teams/{id}/open-shifts/{openShiftId}/claim': {
    audited: true,
    // Ada is on her own staff list: she claims it for herself.
    run: async (w) => {
      const res = await w.as('POST', `${w.base}/open-shifts/${w.ids.openShift}/claim`);
      w.ids.adaClaim = res.json().claimId;
      return res;
    },
  },
  'PUT /api/teams/{id}/open-shifts/{openShiftId}/claims/{claimId}': {
    audited: true,
    run: (w) =>
      w.as('PUT', `${w.base}/open-shifts/${w.ids.openShift}/claims/${w.ids.adaClaim}`, {
        status: 'approved',
      }),
  },
  'DELETE /api/teams/{id}/open-shifts/{openShiftId}': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/open-shifts/${w.ids.openShift}`),
  },
  'DELETE /api/teams/{id}/access': {
    audited: true,
    run: (w) => w.as('DELETE', `${w.base}/access`, { staffId: w.ids.wyn }),
  },
  'POST /api/auth/impersonate/end': {
    audited: true,
    run: (w) => w.as('POST', '/api/auth/impersonate/end'),
  },
  'POST /api/auth/logout': {
    audited: true,
    // Ends support mode (audited as its end) and the agent's own session.
    run: (w) => w.as('POST', '/api/auth/logout'),
  },
};

/** The people and things the cases act on, built by the people themselves (not in support mode). */
async function buildWorld(t: TestApp, n: number) {
  const agentCookie = await signIn(t.app, `help@rotaboard.test`, { firstName: 'Hal', lastName: 'Helper' });
  const adaEmail = `ada.${n}@pro-domain.test`;
  const ada = client(t.app, await signIn(t.app, adaEmail, { firstName: 'Ada', lastName: 'Ownr' }));
  const wynEmail = `wyn.${n}@example.com`;
  const wynCall = client(t.app, await signIn(t.app, wynEmail, { firstName: 'Wyn', lastName: 'Worker' }));
  const olly = client(
    t.app,
    await signIn(t.app, `olly.${n}@pro-domain.test`, { firstName: 'Olly', lastName: 'Other' }),
  );
  const idOf = async (call: Call) => (await call('GET', '/api/auth/me')).json().user.id as string;
  const ok = (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode >= 300) throw new Error(`world: ${what} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const team = ok(await ada('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: true }), 'team');
  const base = `/api/teams/${team.teamId}`;
  const staffId = async (firstName: string, email?: string) =>
    ok(await ada('POST', `${base}/staff`, { firstName, ...(email ? { email } : {}) }), firstName)
      .staffId as string;
  const ids: Record<string, string> = {
    bo: await staffId('Bo'),
    cy: await staffId('Cy'),
    ivy: await staffId('Ivy'),
    lee: await staffId('Lee'),
    wyn: await staffId('Wyn', wynEmail),
  };
  ok(await ada('DELETE', `${base}/staff/${ids.lee}?leavingDate=${addDays(today, 20)}`), 'Lee leaving');
  ok(await ada('POST', `${base}/invite`, { staffId: ids.wyn, email: wynEmail }), 'invite Wyn');
  ok(
    await wynCall('POST', '/api/invites/accept', { token: await inviteToken(t.app, wynEmail) }),
    'Wyn joins',
  );
  ids.wynRequest = ok(
    await wynCall('POST', `${base}/requests`, {
      requestType: 'time_off',
      startDate: addDays(today, 10),
      endDate: addDays(today, 10),
      timeOffDays: 1,
    }),
    'Wyn’s request',
  ).requestId;
  // A give-away from Wyn naming Ada, for Ada to accept in support mode (issue 27).
  const adaStaff = (
    ok(await ada('GET', `${base}/staff`), 'staff') as { staffId: string; email: string | null }[]
  ).find((row) => row.email === adaEmail)!;
  const wynShift = ok(
    await ada('POST', `${base}/shifts`, {
      staffId: ids.wyn,
      shiftDate: addDays(today, 15),
      startTime: '09:00',
      endTime: '17:00',
    }),
    'Wyn’s shift',
  ).shiftId;
  ids.wynGiveAway = ok(
    await wynCall('POST', `${base}/requests`, {
      requestType: 'give_away',
      shiftId: wynShift,
      targetStaffId: adaStaff.staffId,
    }),
    'Wyn’s give-away',
  ).requestId;
  // Wyn's timesheet (issue 44), clocked in and out by Wyn: Ada corrects and decides it in support mode.
  ids.wynTimesheet = ok(
    await wynCall('POST', `${base}/time-clock/clock-in`, {}),
    'Wyn clocks in',
  ).timesheetId;
  ok(await wynCall('POST', `${base}/time-clock/clock-out`), 'Wyn clocks out');
  ids.oldShift = ok(
    await ada('POST', `${base}/shifts`, {
      staffId: ids.bo,
      shiftDate: today,
      startTime: '06:00',
      endTime: '08:00',
    }),
    'shift',
  ).shiftId;
  const ollyTeam = ok(await olly('POST', '/api/teams', { teamName: 'Olly’s' }), 'Olly’s team');
  const ollyBase = `/api/teams/${ollyTeam.teamId}`;
  const adaThere = ok(await olly('POST', `${ollyBase}/staff`, { firstName: 'Ada', email: adaEmail }), 'Ada');
  ok(await olly('POST', `${ollyBase}/invite`, { staffId: adaThere.staffId, email: adaEmail }), 'invite Ada');
  ids.ollyInvite = await inviteToken(t.app, adaEmail);
  const ticket = ok(
    await ada('POST', '/api/support/tickets', { title: 'Rota looks wrong', message: 'Please check' }),
    'ticket',
  );
  const adaId = await idOf(ada);

  const world = {
    adaEmail,
    adaId,
    agentId: await idOf(client(t.app, agentCookie)),
    wynId: await idOf(wynCall),
    base,
    ids,
    /** Who reads each team's audit report: its owner, in their own browser (Ada for her own teams). */
    reporters: new Map<string, Call>([
      [team.teamId, ada],
      [ollyTeam.teamId, olly],
    ]),
    ada,
    /** The agent's browser in support mode as Ada (started again by `supportMode` when it ended). */
    as: client(t.app) as Call,
    async supportMode() {
      const me = await world.as('GET', '/api/auth/me');
      if (me.statusCode === 200 && me.json().supportMode) return;
      const started = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${adaId}`, {
        ticketId: ticket.id,
      });
      const support = started.cookies.find((c) => c.name === 'rotaboard_support');
      if (!support?.value) throw new Error(`log in as Ada: ${started.statusCode} ${started.body}`);
      world.as = client(t.app, `${agentCookie}; rotaboard_support=${support.value}`);
    },
  };
  return world;
}

describe('one audit path', () => {
  it('has no statement that writes audit rows outside the audit repository’s actor rule', async () => {
    // The one-statement shift insert writes its own row, with the values `auditActor` gives it
    // (shift.repository.ts); anything else goes through createAuditRepository.
    const allowed = new Set(['modules/audit/audit.repository.ts', 'modules/shifts/shift.repository.ts']);
    const root = join(import.meta.dirname, '../src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const writers: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      if (/insert\(auditLog\)|insert\s+into\s+(\$\{auditLog\}|"?audit_log)/i.test(text)) writers.push(file);
    }
    expect(writers.filter((f) => !allowed.has(f))).toEqual([]);
    const shiftRepository = await readFile(join(root, 'modules/shifts/shift.repository.ts'), 'utf8');
    expect(shiftRepository).toMatch(/\.\.\.auditActor\(changedBy\)/);
  });
});

describe('every write route has a support-mode case', () => {
  it('covers each write route of the OpenAPI document, and no route that is gone', () => {
    const missing = documented.filter((route) => !(route in CASES));
    const stale = Object.keys(CASES).filter((route) => !documented.includes(route));
    expect(missing, 'write routes with no case in support-audit.integration.test.ts').toEqual([]);
    expect(stale, 'cases for routes the document no longer has').toEqual([]);
  });

  it('refuses in support mode exactly the routes the refused list names', () => {
    for (const [route, c] of Object.entries(CASES)) {
      const [method, path] = route.split(' ') as [string, string];
      const pattern = path.replace(/\{(\w+)\}/g, ':$1');
      expect(refusedInSupportMode(method, pattern), route).toBe('refused' in c);
    }
  });
});

describe.each(engines)('every write in support mode on %s', (engine) => {
  let t: TestApp;
  let w: World;
  const seen = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    w = await buildWorld(t, 1);
    for (const row of await t.database.db.select({ id: auditLog.id }).from(auditLog)) seen.add(row.id);
  }, 60_000);
  afterAll(async () => t?.close());

  /** The audit rows written since the last call. */
  async function newRows() {
    const rows = (await t.database.db.select().from(auditLog)).filter((row) => !seen.has(row.id));
    for (const row of rows) seen.add(row.id);
    return rows;
  }

  it.each(Object.entries(CASES))('%s', async (route, c) => {
    await w.supportMode();
    await newRows();
    const res = await c.run(w);
    const rows = await newRows();
    if ('refused' in c) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(SUPPORT_MODE_REFUSED_MESSAGE);
      expect(rows).toEqual([]);
      return;
    }
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
    if ('audited' in c) expect(rows.length, `${route} wrote no audit row`).toBeGreaterThan(0);
    else expect(rows, `${route}: ${c.notAudited}`).toEqual([]);

    // The row itself: the agent made the change, for Ada.
    for (const row of rows) {
      expect({ entity: row.entityType, changedBy: row.changedBy, onBehalfOf: row.onBehalfOf }).toEqual({
        entity: row.entityType,
        changedBy: w.agentId,
        onBehalfOf: w.adaId,
      });
    }
    // How a view names it, read from the accounts as they are now.
    const people = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.id, [w.agentId, w.adaId]));
    const person = (id: string | null) => people.find((p) => p.id === id) ?? null;
    for (const row of rows) {
      expect(auditActorName(person(row.changedBy), person(row.onBehalfOf))).toBe(AS_ADA);
    }
    // The team's audit report, as its owner reads it.
    for (const row of rows.filter(
      (r) => r.teamId && ['shift', 'staff', 'team', 'request', 'day_note'].includes(r.entityType),
    )) {
      const report = await (w.reporters.get(row.teamId!) ?? w.ada)(
        'GET',
        `/api/teams/${row.teamId}/reports/audit?limit=100`,
      );
      expect(report.statusCode, report.body).toBe(200);
      const entry = (report.json().entries as { auditId: string; actorName: string }[]).find(
        (e) => e.auditId === row.id,
      );
      expect(entry?.actorName, `${route}: ${row.entityType} ${row.action} in the audit report`).toBe(AS_ADA);
    }
    // The shift history, for shifts that are still there.
    for (const row of rows.filter((r) => r.entityType === 'shift')) {
      const history = await w.ada('GET', `/api/teams/${row.teamId}/shifts/${row.entityId}/history`);
      if (history.statusCode === 404) continue;
      expect(history.statusCode, history.body).toBe(200);
      const entry = (history.json().history as { auditId: string; changedByName: string }[]).find(
        (e) => e.auditId === row.id,
      );
      expect(entry?.changedByName, `${route}: the shift history`).toBe(AS_ADA);
    }
  });
});
