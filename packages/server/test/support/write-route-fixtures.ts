/**
 * The table behind write-routes.integration.test.ts (issue 42): every write route of the OpenAPI
 * document is either a team write (how to make a valid call, and who makes it) or an exemption with a
 * reason. Fixtures run in this order on one team; later ones use what earlier ones made (`w.ids`).
 */
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import type { LightMyRequestResponse } from 'fastify';
import type { client } from './harness.ts';

type Call = ReturnType<typeof client>;
/** Who makes a call: Ada owns the team (Pro); Wyn is a member who joined; Zoe accepts an invitation. */
export type Person = 'ada' | 'wyn' | 'zoe';

/** What the fixtures act on (write-routes.integration.test.ts builds it). */
export type World = {
  teamId: string;
  base: string;
  ids: Record<string, string>;
  people: Record<Person, { call: Call; id: string }>;
};

export type TeamWrite = {
  by: Person;
  run(call: Call, w: World): Promise<LightMyRequestResponse>;
  /** The team the write belongs to when it is not `w.teamId` (a team it creates or deletes). */
  team?(w: World): string;
  /** Why it writes no audit row (it then must write none for the team). */
  noAudit?: string;
  /** Why no schedule, staff, requests or open-shifts screen needs telling (it then must announce nothing). */
  noAnnounce?: string;
};

const today = new Date().toISOString().slice(0, 10);
const week = startOfWeek(today, 1);

/** Writes not scoped to one team, or reads sent as POST: each with its reason. */
export const EXEMPTIONS: Record<string, string> = {
  'POST /api/auth/login': 'sign-in: mails a link to an address, no team',
  'POST /api/auth/logout': 'sign-in: ends the caller’s session',
  'POST /api/auth/logout-all-devices': 'sign-in: ends the caller’s sessions',
  'POST /api/auth/change-email/initiate':
    'the user’s own account: mails a confirmation link, nothing changes yet',
  'POST /api/auth/change-email/cancel': 'the user’s own account: drops a pending change nobody else sees',
  'PUT /api/users/me': 'the user’s own profile',
  'PUT /api/users/me/preferences': 'the user’s own preferences',
  'POST /api/support/tickets': 'support tickets belong to a user, not a team',
  'POST /api/support/tickets/{id}/messages': 'support tickets belong to a user, not a team',
  'PUT /api/support/tickets/{id}/status': 'support tickets belong to a user, not a team',
  'POST /api/auth/impersonate/{userId}': 'support mode: a session of the agent’s, not a team write',
  'POST /api/auth/impersonate/end': 'support mode: ends the agent’s session',
  'POST /api/subscriptions/checkout': 'billing: the account’s subscription, not a team',
  'POST /api/subscriptions/portal': 'billing: only answers the portal’s address',
  'POST /api/billing/demo/checkout/{sessionId}/pay': 'billing: the account’s subscription, not a team',
  'PUT /api/billing/demo/portal/{sessionId}/cancel-at-period-end': 'billing: the account’s subscription',
  'POST /api/calendar/feed/reset': 'the user’s own calendar feed address',
  'POST /api/teams/{id}/schedule-agent/validate-period':
    'a read sent as POST: checks a period, changes nothing',
};

/**
 * Routes that today fail to audit or announce where they should. The test asserts each is REALLY
 * still missing, so an entry must go when the route is fixed.
 */
export const KNOWN_GAPS: Record<string, { missing: ('audit' | 'announce')[]; what: string }> = {};

const shift = (staffId: string, date: string, startTime: string, endTime: string) => ({
  staffId,
  shiftDate: date,
  startTime,
  endTime,
});

/** Keeps an id from a response for later fixtures. */
async function keep(w: World, name: string, key: string, res: Promise<LightMyRequestResponse>) {
  const done = await res;
  if (done.statusCode < 300) w.ids[name] = done.json()[key];
  return done;
}

export const TEAM_WRITES: Record<string, TeamWrite> = {
  'POST /api/teams': {
    by: 'ada',
    team: (w) => w.ids.scratchTeam!,
    noAnnounce: 'a team that did not exist has no group anyone is in; the creator reads the answer',
    run: (call, w) => keep(w, 'scratchTeam', 'teamId', call('POST', '/api/teams', { teamName: 'Scratch' })),
  },
  'DELETE /api/teams/{id}': {
    by: 'ada',
    team: (w) => w.ids.scratchTeam!,
    run: (call, w) => call('DELETE', `/api/teams/${w.ids.scratchTeam}`),
  },
  'PUT /api/teams/{id}': {
    by: 'ada',
    run: async (call, w) => {
      const { hash } = (await call('GET', w.base)).json();
      return call('PUT', w.base, { teamName: 'Diner & Co', weekStartDay: 1, hash });
    },
  },
  'POST /api/teams/{id}/staff': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/staff`, { firstName: 'Nia', role: 'Cook' }),
  },
  'POST /api/teams/{id}/staff/order': {
    by: 'ada',
    run: async (call, w) => {
      const rows = (await call('GET', `${w.base}/staff?includeAll=true`)).json() as { staffId: string }[];
      return call('POST', `${w.base}/staff/order`, { staffIds: rows.map((r) => r.staffId).reverse() });
    },
  },
  'PUT /api/teams/{id}/staff/{staffId}': {
    by: 'ada',
    run: async (call, w) => {
      const rows = (await call('GET', `${w.base}/staff?includeAll=true`)).json() as {
        staffId: string;
        hash: string;
      }[];
      const hash = rows.find((r) => r.staffId === w.ids.bo)!.hash;
      return call('PUT', `${w.base}/staff/${w.ids.bo}`, { firstName: 'Bob', role: 'Barista', hash });
    },
  },
  'DELETE /api/teams/{id}/staff/{staffId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/staff/${w.ids.cy}`),
  },
  'POST /api/teams/{id}/staff/{staffId}/cancel-leaving': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/staff/${w.ids.lee}/cancel-leaving`),
  },
  'POST /api/teams/{id}/weekly-hours': {
    by: 'ada',
    run: (call, w) =>
      keep(
        w,
        'entry',
        'entryId',
        call('POST', `${w.base}/weekly-hours`, { staffId: w.ids.bo, hoursPerWeek: 30, effectiveFrom: today }),
      ),
  },
  'PUT /api/teams/{id}/weekly-hours/{entryId}': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/weekly-hours/${w.ids.entry}`, { hoursPerWeek: 32, effectiveFrom: today }),
  },
  'DELETE /api/teams/{id}/weekly-hours/{entryId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/weekly-hours/${w.ids.entry}`),
  },
  'PUT /api/teams/{id}/staff/{staffId}/availability': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/staff/${w.ids.bo}/availability`, {
        weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
        dates: [],
      }),
  },
  'POST /api/teams/{id}/staff/{staffId}/pay-rates': {
    by: 'ada',
    run: (call, w) =>
      keep(
        w,
        'payRate',
        'payRateId',
        call('POST', `${w.base}/staff/${w.ids.bo}/pay-rates`, {
          effectiveFrom: today,
          hourlyRateMinor: 1250,
        }),
      ),
  },
  'DELETE /api/teams/{id}/staff/{staffId}/pay-rates/{payRateId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/staff/${w.ids.bo}/pay-rates/${w.ids.payRate}`),
  },
  'PUT /api/teams/{id}/labour-settings': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/labour-settings`, {
        weeklyBudgetMinor: 500_000,
        overtimeAfterMinutes: 2400,
        overtimeMultiplier: 1.5,
      }),
  },
  'POST /api/teams/{id}/invite': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/invite`, { staffId: w.ids.ivy, email: 'ivy@example.com' }),
  },
  'POST /api/teams/{id}/resend-invite': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/resend-invite`, { staffId: w.ids.ivy }),
  },
  'DELETE /api/teams/{id}/invite': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/invite`, { staffId: w.ids.ivy }),
  },
  'POST /api/invites/accept': {
    by: 'zoe',
    run: (call, w) => call('POST', '/api/invites/accept', { token: w.ids.zoeInvite }),
  },
  'POST /api/teams/{id}/shifts': {
    by: 'ada',
    run: (call, w) =>
      keep(
        w,
        'shift',
        'shiftId',
        call('POST', `${w.base}/shifts`, shift(w.ids.bo!, addDays(today, 1), '09:00', '17:00')),
      ),
  },
  'PUT /api/teams/{id}/shifts/{shiftId}': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/shifts/${w.ids.shift}`, shift(w.ids.bo!, addDays(today, 1), '10:00', '17:00')),
  },
  'DELETE /api/teams/{id}/shifts/{shiftId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/shifts/${w.ids.shift}`),
  },
  'PUT /api/teams/{id}/shifts/locked-until': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/shifts/locked-until`, {
        lockedUntil: addDays(today, -30),
        hideScheduleAfterLock: false,
      }),
  },
  'POST /api/teams/{id}/shifts/notify-week-updated': {
    by: 'ada',
    noAudit: 'it only emails the week’s staff about changes already audited',
    noAnnounce: 'it only emails the week’s staff; nothing any screen shows changes',
    run: (call, w) =>
      call('POST', `${w.base}/shifts/notify-week-updated`, {
        weekStartDate: week,
        weekEndDate: addDays(week, 6),
      }),
  },
  'POST /api/teams/{id}/shifts/copy-week': {
    by: 'ada',
    run: (call, w) =>
      call('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: week, toWeekStart: addDays(week, 14) }),
  },
  'POST /api/teams/{id}/shifts/clear-week': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/shifts/clear-week`, { weekStartDate: addDays(week, 14) }),
  },
  'POST /api/teams/{id}/day-notes': {
    by: 'ada',
    run: (call, w) =>
      keep(
        w,
        'note',
        'noteId',
        call('POST', `${w.base}/day-notes`, { noteDate: today, noteText: 'Delivery at 7' }),
      ),
  },
  'PUT /api/teams/{id}/day-notes/{noteId}': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/day-notes/${w.ids.note}`, { noteDate: today, noteText: 'Delivery at 8' }),
  },
  'DELETE /api/teams/{id}/day-notes/{noteId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/day-notes/${w.ids.note}`),
  },
  'PUT /api/teams/{id}/schedule-agent': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/schedule-agent`, {
        coverage: [
          { weekday: 1, startTime: '07:00', endTime: '15:00', breakMinutes: 30, staffCount: 2, role: null },
        ],
      }),
  },
  'POST /api/teams/{id}/schedule-agent/runs': {
    by: 'ada',
    noAnnounce:
      'nothing is written to the schedule: the new proposal is shown only to whoever opens it by its id',
    // Needs the coverage PUT …/schedule-agent set above to propose anything.
    run: async (call, w) => {
      const res = await call('POST', `${w.base}/schedule-agent/runs`, {
        startDate: addDays(today, 28),
        endDate: addDays(today, 34),
        mode: 'fill',
      });
      const body = res.json();
      w.ids.proposal = body.proposalId;
      [w.ids.change1, w.ids.change2] = (body.changes ?? []).map((c: { changeId: string }) => c.changeId);
      return res;
    },
  },
  'POST /api/teams/{id}/proposals/{proposalId}/accept': {
    by: 'ada',
    run: (call, w) =>
      call('POST', `${w.base}/proposals/${w.ids.proposal}/accept`, { changeIds: [w.ids.change1] }),
  },
  'POST /api/teams/{id}/proposals/{proposalId}/reject': {
    by: 'ada',
    run: (call, w) =>
      call('POST', `${w.base}/proposals/${w.ids.proposal}/reject`, { changeIds: [w.ids.change2] }),
  },
  'POST /api/teams/{id}/proposals/{proposalId}/undo': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/proposals/${w.ids.proposal}/undo`),
  },
  'POST /api/assistant/{teamId}': {
    by: 'ada',
    noAnnounce:
      'the reply and its proposal are the asker’s conversation; the schedule changes only on accept',
    // The built-in interpreter proposes a day note: the message and the proposal are audited.
    run: (call, w) =>
      call('POST', `/api/assistant/${w.teamId}`, {
        message: `note on ${addDays(today, 3)}: stocktake`,
        weekStartDate: today,
      }),
  },
  'POST /api/teams/{id}/requests': {
    by: 'wyn',
    run: (call, w) =>
      keep(
        w,
        'wynOther',
        'requestId',
        call('POST', `${w.base}/requests`, {
          requestType: 'other',
          description: 'Swap with Bob',
          startDate: addDays(today, 12),
          endDate: addDays(today, 12),
        }),
      ),
  },
  'PUT /api/teams/{id}/requests/{requestId}/cancel': {
    by: 'wyn',
    run: (call, w) => call('PUT', `${w.base}/requests/${w.ids.wynOther}/cancel`),
  },
  'PUT /api/teams/{id}/requests/{requestId}/respond': {
    by: 'ada',
    run: (call, w) => call('PUT', `${w.base}/requests/${w.ids.wynGiveAway}/respond`, { accept: true }),
  },
  'PUT /api/teams/{id}/requests/{requestId}/review': {
    by: 'ada',
    run: (call, w) => call('PUT', `${w.base}/requests/${w.ids.wynTimeOff}/review`, { status: 'approved' }),
  },
  'POST /api/teams/{id}/open-shifts': {
    by: 'ada',
    run: (call, w) =>
      keep(
        w,
        'openShift',
        'openShiftId',
        call('POST', `${w.base}/open-shifts`, {
          shiftDate: addDays(today, 17),
          startTime: '09:00',
          endTime: '12:00',
        }),
      ),
  },
  'POST /api/teams/{id}/open-shifts/{openShiftId}/claim': {
    by: 'wyn',
    run: (call, w) =>
      keep(w, 'claim', 'claimId', call('POST', `${w.base}/open-shifts/${w.ids.openShift}/claim`)),
  },
  'PUT /api/teams/{id}/open-shifts/{openShiftId}/claims/{claimId}': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/open-shifts/${w.ids.openShift}/claims/${w.ids.claim}`, { status: 'approved' }),
  },
  'DELETE /api/teams/{id}/open-shifts/{openShiftId}': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/open-shifts/${w.ids.openShift}`),
  },
  'POST /api/teams/{id}/shifts/{shiftId}/sick': {
    // An administrator calling in sick for Wyn (his own call is the sick-call tests'); the shift is
    // written first by the same administrator, so every row of the run is hers.
    by: 'ada',
    run: async (call, w) => {
      const made = await call(
        'POST',
        `${w.base}/shifts`,
        shift(w.ids.wyn!, addDays(today, 19), '09:00', '13:00'),
      );
      if (made.statusCode >= 300) return made;
      return call('POST', `${w.base}/shifts/${made.json().shiftId}/sick`, { note: 'Flu' });
    },
  },
  // Issue 44: Wyn clocks in (unscheduled, or to a shift of theirs now), breaks and clocks out; Ada
  // corrects, approves and rejects the timesheet, and changes the day settings.
  'POST /api/teams/{id}/time-clock/clock-in': {
    by: 'wyn',
    run: (call, w) => keep(w, 'timesheet', 'timesheetId', call('POST', `${w.base}/time-clock/clock-in`, {})),
  },
  'POST /api/teams/{id}/time-clock/break-start': {
    by: 'wyn',
    run: (call, w) => call('POST', `${w.base}/time-clock/break-start`),
  },
  'POST /api/teams/{id}/time-clock/break-end': {
    by: 'wyn',
    run: (call, w) => call('POST', `${w.base}/time-clock/break-end`),
  },
  'POST /api/teams/{id}/time-clock/clock-out': {
    by: 'wyn',
    run: (call, w) => call('POST', `${w.base}/time-clock/clock-out`),
  },
  'PUT /api/teams/{id}/timesheets/{timesheetId}': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/timesheets/${w.ids.timesheet}`, {
        clockInAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        clockOutAt: new Date(Date.now() - 3_600_000).toISOString(),
        breakMinutes: 5,
        reason: 'Forgot to clock in on arrival',
      }),
  },
  'POST /api/teams/{id}/timesheets/{timesheetId}/approve': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/timesheets/${w.ids.timesheet}/approve`),
  },
  'POST /api/teams/{id}/timesheets/{timesheetId}/reject': {
    by: 'ada',
    run: (call, w) => call('POST', `${w.base}/timesheets/${w.ids.timesheet}/reject`),
  },
  'PUT /api/teams/{id}/day-settings': {
    by: 'ada',
    run: (call, w) =>
      call('PUT', `${w.base}/day-settings`, {
        clockInEarlyMinutes: 20,
        lateAfterMinutes: 15,
        sickCoverOffers: 4,
        autoApproveSickCover: false,
      }),
  },
  'DELETE /api/teams/{id}/access': {
    by: 'ada',
    run: (call, w) => call('DELETE', `${w.base}/access`, { staffId: w.ids.wyn }),
  },
};
