/**
 * The Shift Scheduling Benchmark's instance format (Curtois and Qu, schedulingbenchmarks.org):
 * parsing, and an independent check of a roster against the instance's hard constraints and
 * objective, written directly from the format's definitions and sharing no code with the model
 * builder, so a modelling mistake shows up as a disagreement.
 */

export interface NrpShift {
  id: string;
  minutes: number;
  /** Shift ids that may not be worked on the day after this one. */
  cannotFollow: string[];
}

export interface NrpStaff {
  id: string;
  maxShifts: Record<string, number>;
  maxTotalMinutes: number;
  minTotalMinutes: number;
  maxConsecutiveShifts: number;
  minConsecutiveShifts: number;
  minConsecutiveDaysOff: number;
  maxWeekends: number;
}

export interface NrpRequest {
  staffId: string;
  day: number;
  shiftId: string;
  weight: number;
}

export interface NrpCover {
  day: number;
  shiftId: string;
  requirement: number;
  underWeight: number;
  overWeight: number;
}

export interface NrpInstance {
  horizon: number;
  shifts: NrpShift[];
  staff: NrpStaff[];
  daysOff: Map<string, number[]>;
  onRequests: NrpRequest[];
  offRequests: NrpRequest[];
  cover: NrpCover[];
}

/** Staff id → one shift id or '' per day. */
export type NrpRoster = Record<string, string[]>;

function int(text: string | undefined, what: string): number {
  const n = Number(text?.trim());
  if (text === undefined || text.trim() === '' || !Number.isInteger(n))
    throw new Error(`Expected a whole number for ${what}, got "${text ?? ''}"`);
  return n;
}

export function parseNrp(text: string): NrpInstance {
  const sections = new Map<string, string[][]>();
  let current: string[][] | null = null;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('SECTION_')) {
      current = [];
      sections.set(line, current);
      continue;
    }
    if (!current) throw new Error(`Line ${i + 1} is outside any SECTION_: "${line}"`);
    current.push(line.split(',').map((f) => f.trim()));
  }
  const section = (name: string, required = true): string[][] => {
    const rows = sections.get(name);
    if (!rows && required) throw new Error(`Missing ${name}`);
    return rows ?? [];
  };
  const horizon = int(section('SECTION_HORIZON')[0]?.[0], 'the horizon');
  const shifts = section('SECTION_SHIFTS').map(([id = '', minutes, follow = '']) => ({
    id,
    minutes: int(minutes, `shift ${id}'s minutes`),
    cannotFollow: follow.split('|').filter((s) => s !== ''),
  }));
  const shiftIds = new Set(shifts.map((s) => s.id));
  const knownShift = (id: string, where: string) => {
    if (!shiftIds.has(id)) throw new Error(`Unknown shift "${id}" in ${where}`);
    return id;
  };
  for (const s of shifts) for (const f of s.cannotFollow) knownShift(f, `shift ${s.id}'s successions`);
  const staff = section('SECTION_STAFF').map((f) => {
    const id = f[0] ?? '';
    const maxShifts: Record<string, number> = {};
    for (const pair of (f[1] ?? '').split('|').filter((p) => p !== '')) {
      const [shift = '', max] = pair.split('=');
      maxShifts[knownShift(shift, `staff ${id}'s MaxShifts`)] = int(max, `staff ${id}'s MaxShifts`);
    }
    return {
      id,
      maxShifts,
      maxTotalMinutes: int(f[2], `staff ${id}'s MaxTotalMinutes`),
      minTotalMinutes: int(f[3], `staff ${id}'s MinTotalMinutes`),
      maxConsecutiveShifts: int(f[4], `staff ${id}'s MaxConsecutiveShifts`),
      minConsecutiveShifts: int(f[5], `staff ${id}'s MinConsecutiveShifts`),
      minConsecutiveDaysOff: int(f[6], `staff ${id}'s MinConsecutiveDaysOff`),
      maxWeekends: int(f[7], `staff ${id}'s MaxWeekends`),
    };
  });
  const staffIds = new Set(staff.map((s) => s.id));
  const knownStaff = (id: string, where: string) => {
    if (!staffIds.has(id)) throw new Error(`Unknown staff "${id}" in ${where}`);
    return id;
  };
  const day = (text: string | undefined, where: string) => {
    const d = int(text, `a day in ${where}`);
    if (d < 0 || d >= horizon)
      throw new Error(`Day ${d} in ${where} is outside the horizon of ${horizon} days`);
    return d;
  };
  const daysOff = new Map<string, number[]>();
  for (const [id = '', ...days] of section('SECTION_DAYS_OFF', false))
    daysOff.set(knownStaff(id, 'SECTION_DAYS_OFF'), [
      ...(daysOff.get(id) ?? []),
      ...days.map((d) => day(d, 'SECTION_DAYS_OFF')),
    ]);
  const requests = (name: string) =>
    section(name, false).map(([staffId = '', d, shiftId = '', weight]) => ({
      staffId: knownStaff(staffId, name),
      day: day(d, name),
      shiftId: knownShift(shiftId, name),
      weight: int(weight, `a weight in ${name}`),
    }));
  const cover = section('SECTION_COVER').map(([d, shiftId = '', req, under, over]) => ({
    day: day(d, 'SECTION_COVER'),
    shiftId: knownShift(shiftId, 'SECTION_COVER'),
    requirement: int(req, 'a cover requirement'),
    underWeight: int(under, 'a cover weight'),
    overWeight: int(over, 'a cover weight'),
  }));
  return {
    horizon,
    shifts,
    staff,
    daysOff,
    onRequests: requests('SECTION_SHIFT_ON_REQUESTS'),
    offRequests: requests('SECTION_SHIFT_OFF_REQUESTS'),
    cover,
  };
}

/** Day indexes of each weekend (Saturday, Sunday) inside the horizon; day 0 is a Monday. */
export function weekendDays(horizon: number): number[][] {
  const weekends: number[][] = [];
  for (let sat = 5; sat < horizon; sat += 7) weekends.push([sat, sat + 1].filter((d) => d < horizon));
  return weekends;
}

/** Every hard-constraint breach of the roster, as sentences; empty when it is feasible. */
export function hardViolations(inst: NrpInstance, roster: NrpRoster): string[] {
  const out: string[] = [];
  const minutes = new Map(inst.shifts.map((s) => [s.id, s.minutes]));
  const banned = new Set(inst.shifts.flatMap((s) => s.cannotFollow.map((f) => `${s.id}>${f}`)));
  for (const p of inst.staff) {
    const days = roster[p.id];
    if (!days || days.length !== inst.horizon) {
      out.push(`${p.id}: roster must have ${inst.horizon} days`);
      continue;
    }
    for (const [d, s] of days.entries())
      if (s !== '' && !minutes.has(s)) out.push(`${p.id}: unknown shift "${s}" on day ${d}`);
    for (let d = 0; d + 1 < days.length; d++)
      if (days[d] !== '' && days[d + 1] !== '' && banned.has(`${days[d]}>${days[d + 1]}`))
        out.push(`${p.id}: ${days[d + 1]} follows ${days[d]} on day ${d + 1}`);
    for (const s of inst.shifts) {
      const count = days.filter((x) => x === s.id).length;
      if (count > (p.maxShifts[s.id] ?? Number.POSITIVE_INFINITY))
        out.push(`${p.id}: ${count} ${s.id} shifts, max ${p.maxShifts[s.id]}`);
    }
    const total = days.reduce((t, s) => t + (minutes.get(s) ?? 0), 0);
    if (total < p.minTotalMinutes || total > p.maxTotalMinutes)
      out.push(`${p.id}: ${total} minutes, allowed ${p.minTotalMinutes}–${p.maxTotalMinutes}`);
    // Runs of equal working/off state, each with where it starts and ends.
    let start = 0;
    for (let d = 1; d <= days.length; d++) {
      if (d < days.length && (days[d] !== '') === (days[start] !== '')) continue;
      const length = d - start;
      const working = days[start] !== '';
      const atEdge = start === 0 || d === days.length;
      if (working && length > p.maxConsecutiveShifts)
        out.push(`${p.id}: ${length} days in a row from day ${start}, max ${p.maxConsecutiveShifts}`);
      if (!atEdge && working && length < p.minConsecutiveShifts)
        out.push(`${p.id}: ${length} working days from day ${start}, min ${p.minConsecutiveShifts}`);
      if (!atEdge && !working && length < p.minConsecutiveDaysOff)
        out.push(`${p.id}: ${length} days off from day ${start}, min ${p.minConsecutiveDaysOff}`);
      start = d;
    }
    const weekends = weekendDays(inst.horizon).filter((w) => w.some((d) => days[d] !== '')).length;
    if (weekends > p.maxWeekends) out.push(`${p.id}: ${weekends} weekends, max ${p.maxWeekends}`);
    for (const d of inst.daysOff.get(p.id) ?? [])
      if (days[d] !== '') out.push(`${p.id}: works on day off ${d}`);
  }
  for (const id of Object.keys(roster))
    if (!inst.staff.some((p) => p.id === id)) out.push(`Unknown staff "${id}" in the roster`);
  return out;
}

/** The instance's objective for the roster: unmet on-requests, granted off-requests, under and over cover. */
export function objective(inst: NrpInstance, roster: NrpRoster): number {
  let total = 0;
  for (const r of inst.onRequests) if (roster[r.staffId]?.[r.day] !== r.shiftId) total += r.weight;
  for (const r of inst.offRequests) if (roster[r.staffId]?.[r.day] === r.shiftId) total += r.weight;
  for (const c of inst.cover) {
    const assigned = inst.staff.filter((p) => roster[p.id]?.[c.day] === c.shiftId).length;
    total +=
      Math.max(0, c.requirement - assigned) * c.underWeight +
      Math.max(0, assigned - c.requirement) * c.overWeight;
  }
  return total;
}
