import { describe, expect, it } from 'vitest';
import { auditRows, formatAuditValue } from './audit-values';

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
