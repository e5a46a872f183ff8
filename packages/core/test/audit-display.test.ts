import { describe, expect, it } from 'vitest';
import {
  AUDIT_DOMAIN_LABELS,
  auditActionLabel,
  auditDomain,
  auditLabel,
  auditRows,
  formatAuditValue,
  withMoneyShown,
} from '../src/audit/display.ts';

describe('audit values', () => {
  it('formats values', () => {
    expect(formatAuditValue(null)).toBe('-');
    expect(formatAuditValue('')).toBe('-');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue(false)).toBe('No');
    expect(formatAuditValue(30)).toBe('30');
  });

  it('shows what each action calls for', () => {
    expect(auditRows('CREATE', null, { notes: 'Hi' })).toEqual({
      kind: 'values',
      rows: [{ field: 'notes', label: 'Notes', value: 'Hi' }],
    });
    expect(auditRows('DELETE', { isTimeOff: false }, null)).toEqual({
      kind: 'values',
      rows: [{ field: 'isTimeOff', label: 'Time off', value: 'No' }],
    });
    expect(
      auditRows('UPDATE', { startTime: '09:00:00', notes: 'a' }, { startTime: '10:00:00', notes: 'a' }),
    ).toEqual({
      kind: 'change',
      rows: [{ field: 'startTime', label: 'Start time', before: '09:00:00', after: '10:00:00' }],
    });
    expect(auditRows('UPDATE', { notes: 'a' }, { notes: 'a' })).toEqual({
      kind: 'none',
      message: 'No changes detected',
    });
    expect(auditRows('MERGE', null, null)).toEqual({ kind: 'none', message: 'No details available' });
  });
});

describe('audit display for the audit report', () => {
  it('labels fields by domain, and the common ones everywhere', () => {
    expect(auditLabel('leavingDate', 'staff')).toBe('Leaving date');
    expect(auditLabel('lockedUntil', 'lock')).toBe('Locked until');
    expect(auditLabel('adminComments', 'request')).toBe('Admin comments');
    expect(auditLabel('reason', 'adjustment')).toBe('Reason');
    expect(auditLabel('attendanceAdjustments', 'adjustment')).toBe('Attendance adjustments');
    expect(auditLabel('createdAt', 'team')).toBe('Created');
    expect(auditLabel('mystery', 'team')).toBe('mystery');
  });

  it('writes dates en-GB, adjustments in words, and keeps other text', () => {
    expect(formatAuditValue('2026-03-09')).toBe('09/03/2026');
    expect(formatAuditValue('2026-03-09T14:05:00.000Z')).toBe('09/03/2026, 14:05');
    expect(formatAuditValue([{ minutes: 15, reason: 'lateness', comment: 'bus' }])).toBe(
      'Late Arrival 15 min (bus)',
    );
    expect(formatAuditValue([])).toBe('-');
    expect(formatAuditValue('09:00:00')).toBe('09:00:00');
  });

  it('shows request decisions as before and after, revocations as old values', () => {
    expect(auditRows('APPROVED', { status: 'pending' }, { status: 'approved' }, 'request')).toEqual({
      kind: 'change',
      rows: [{ field: 'status', label: 'Status', before: 'pending', after: 'approved' }],
    });
    expect(auditRows('REVOKED', { inviteStatus: 'invited' }, null, 'staff')).toEqual({
      kind: 'values',
      rows: [{ field: 'inviteStatus', label: 'Invite status', value: 'invited' }],
    });
    expect(auditRows('SENT', null, { email: 'a@b.c' }, 'staff').kind).toBe('values');
    expect(auditRows('RESEND', null, null, 'staff')).toEqual({
      kind: 'none',
      message: 'No details available',
    });
  });

  it('leaves ids out when asked, keeping what reads', () => {
    const values = { shiftId: 'x', staffId: 'y', teamId: 'z', shiftDate: '2026-03-09', notes: 'Hi' };
    expect(auditRows('CREATE', null, values, 'shift', { hideIds: true })).toEqual({
      kind: 'values',
      rows: [
        { field: 'shiftDate', label: 'Date', value: '09/03/2026' },
        { field: 'notes', label: 'Notes', value: 'Hi' },
      ],
    });
    expect(auditRows('UPDATE', { staffId: 'a' }, { staffId: 'b' }, 'shift', { hideIds: true })).toEqual({
      kind: 'none',
      message: 'No changes detected',
    });
    expect(auditRows('CREATE', null, { shiftId: 'x' }).kind).toBe('values');
  });

  it('tells adjustments and the lock apart from other shift and team changes', () => {
    expect(auditDomain('shift', 'UPDATE', { attendanceAdjustments: [] })).toBe('adjustment');
    expect(auditDomain('shift', 'UPDATE', { attendanceAdjustments: [], notes: 'x' })).toBe('shift');
    expect(auditDomain('shift', 'CREATE', { attendanceAdjustments: [] })).toBe('shift');
    expect(auditDomain('team', 'UPDATE', { lockedUntil: '2026-01-01' })).toBe('lock');
    expect(auditDomain('team', 'UPDATE', { name: 'x' })).toBe('team');
    expect(auditDomain('day_note', 'CREATE', null)).toBe('day_note');
    // An open shift and the claims on it are one domain.
    expect(auditDomain('open_shift', 'DELETE', null)).toBe('open_shift');
    expect(auditDomain('open_shift_claim', 'APPROVED', { status: 'approved' })).toBe('open_shift');
    expect(auditLabel('staffCount', 'open_shift')).toBe('People needed');
    expect(auditDomain('support_ticket', 'CREATE', null)).toBeNull();
    expect(auditActionLabel('CREATE')).toBe('Created');
    expect(auditActionLabel('APPROVED')).toBe('Approved');
  });
});

describe('labour cost in the audit (issue 43)', () => {
  it('gives pay rates and labour settings their own domains and labels', () => {
    expect(auditDomain('pay_rate', 'CREATE', { hourlyRateMinor: 1200 })).toBe('pay_rate');
    expect(auditDomain('labour_settings', 'UPDATE', { weeklyBudgetMinor: 1 })).toBe('labour_settings');
    expect(AUDIT_DOMAIN_LABELS.pay_rate).toBe('Pay rate');
    expect(AUDIT_DOMAIN_LABELS.labour_settings).toBe('Labour settings');
    expect(auditLabel('hourlyRate', 'pay_rate')).toBe('Hourly rate');
    expect(auditLabel('weeklyBudget', 'labour_settings')).toBe('Weekly budget');
  });

  it('shows money in the team currency, null kept, other values as they are', () => {
    expect(
      withMoneyShown({ staffId: 's', effectiveFrom: '2027-03-01', hourlyRateMinor: 1250 }, 'GBP'),
    ).toEqual({ staffId: 's', effectiveFrom: '2027-03-01', hourlyRate: '£12.50' });
    expect(withMoneyShown({ weeklyBudgetMinor: null, overtimeMultiplier: 1.5 }, 'EUR')).toEqual({
      weeklyBudget: null,
      overtimeMultiplier: 1.5,
    });
    expect(withMoneyShown({ weeklyBudgetMinor: 5000 }, 'JPY')).toEqual({ weeklyBudget: '¥5,000' });
    expect(withMoneyShown(null, 'USD')).toBeNull();
    const rows = auditRows('CREATE', null, withMoneyShown({ hourlyRateMinor: 975 }, 'USD'), 'pay_rate');
    expect(rows).toEqual({
      kind: 'values',
      rows: [{ field: 'hourlyRate', label: 'Hourly rate', value: '$9.75' }],
    });
  });
});
