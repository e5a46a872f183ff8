import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HubScheduleEventSchema,
  PresenceEventSchema,
  SupportTicketUpdatedEventSchema,
} from '../src/realtime/events.ts';
import {
  readPresence,
  readScheduleUpdated,
  readSupportTicketUpdated,
  resyncEvent,
  SCHEDULE_CHANGE_KINDS,
} from '../src/realtime/hub.ts';

/** What the zod schema makes of a payload, in the reader's shape (null when refused). */
const bySchema = <T>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  payload: unknown,
) => {
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data! : null;
};

const person = fc.record({ userId: fc.uuid(), name: fc.string() });
const event = fc.record({
  teamId: fc.uuid(),
  kind: fc.constantFrom(...SCHEDULE_CHANGE_KINDS),
  startDate: fc.option(fc.constant('2026-11-23')),
  endDate: fc.option(fc.constant('2026-11-29')),
  ids: fc.array(fc.uuid(), { maxLength: 3 }),
  changedBy: person,
  at: fc
    .date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
});
const resync = fc.record({
  teamId: fc.uuid(),
  kind: fc.constant('all'),
  startDate: fc.constant(null),
  endDate: fc.constant(null),
  ids: fc.constant(null),
  changedBy: fc.constant(null),
  at: event.map((e) => e.at),
});
/** A valid resync with one field replaced (a date, ids or a person make it no resync). */
const damagedResync = fc
  .tuple(resync, fc.constantFrom('teamId', 'startDate', 'ids', 'changedBy', 'at'), fc.anything())
  .map(([e, key, value]) => ({ ...e, [key]: value }));
/** A valid event with one field replaced by something else (often, but not always, invalid). */
const damaged = fc
  .tuple(event, fc.constantFrom('teamId', 'kind', 'startDate', 'ids', 'changedBy', 'at'), fc.anything())
  .map(([e, key, value]) => ({ ...e, [key]: value }));
const odd = fc.constantFrom(
  '2026-11-23T10:00Z',
  '2026-11-23T10:00:00+01:00',
  '2026-02-29T10:00:00Z',
  '2028-02-29T10:00:00.123Z',
  'not-a-date',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '12345678-1234-9234-8234-123456789012',
);

describe("the browser's hub readers and the zod schemas", () => {
  it('agree on ScheduleUpdated payloads, valid, damaged and odd', () => {
    const payload = fc.oneof(
      event,
      damaged,
      resync,
      damagedResync,
      event.map((e) => ({ ...e, kind: 'all' })),
      fc.tuple(event, odd).map(([e, v]) => ({ ...e, at: v })),
      fc.tuple(event, odd).map(([e, v]) => ({ ...e, teamId: v })),
      fc.anything(),
    );
    fc.assert(
      fc.property(payload, (p) => {
        expect(readScheduleUpdated(p)).toEqual(bySchema(HubScheduleEventSchema, p));
      }),
      { numRuns: 3000, seed: 20_261_124 },
    );
  });

  it('read a resync as one, and refuse a resync that names dates, entries or a person', () => {
    const at = '2026-11-26T07:00:00.000Z';
    const teamId = '11111111-1111-4111-8111-111111111111';
    expect(
      readScheduleUpdated({
        teamId,
        kind: 'all',
        startDate: null,
        endDate: null,
        ids: null,
        changedBy: null,
        at,
      }),
    ).toEqual(resyncEvent(teamId, at));
    expect(readScheduleUpdated({ ...resyncEvent(teamId, at), ids: [] })).toBeNull();
    expect(readScheduleUpdated({ ...resyncEvent(teamId, at), startDate: '2026-11-23' })).toBeNull();
  });

  it('agree on PresenceUpdated payloads', () => {
    const presence = fc.record({ teamId: fc.uuid(), viewers: fc.array(person, { maxLength: 3 }) });
    const payload = fc.oneof(
      presence,
      fc.tuple(presence, fc.anything()).map(([p, v]) => ({ ...p, viewers: [v] })),
      fc.tuple(presence, odd).map(([p, v]) => ({ ...p, teamId: v })),
      fc.anything(),
    );
    fc.assert(
      fc.property(payload, (p) => {
        expect(readPresence(p)).toEqual(bySchema(PresenceEventSchema, p));
      }),
      { numRuns: 2000, seed: 20_261_124 },
    );
  });

  it('agree on SupportTicketUpdated payloads', () => {
    const payload = fc.oneof(
      fc.record({ ticketId: fc.uuid() }),
      fc.record({ ticketId: odd }),
      fc.record({ ticketId: fc.uuid(), extra: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(payload, (p) => {
        expect(readSupportTicketUpdated(p)).toEqual(bySchema(SupportTicketUpdatedEventSchema, p));
      }),
      { numRuns: 1000, seed: 20_261_124 },
    );
  });
});
