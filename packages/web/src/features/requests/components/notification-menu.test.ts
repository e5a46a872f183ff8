import { describe, expect, it } from 'vitest';
import { notificationTarget, waiting } from './notification-menu';

describe('the bell’s lines (issue 44)', () => {
  it('says how many people are late and how many shifts there are to cover', () => {
    expect(waiting('no_shows', 1)).toBe('1 person late');
    expect(waiting('no_shows', 3)).toBe('3 people late');
    expect(waiting('sick_cover', 1)).toBe('1 shift to cover');
    expect(waiting('sick_cover', 2)).toBe('2 shifts to cover');
  });
  it('leads people late to the timesheets and shifts to cover to the open shifts in the week', () => {
    expect(notificationTarget('no_shows')).toBe('/timesheets');
    expect(notificationTarget('sick_cover')).toBe('/schedule');
    expect(notificationTarget('open_shift_claims')).toBe('/schedule');
    expect(notificationTarget('swap')).toBe('/requests?status=awaiting_colleague');
    expect(notificationTarget('support')).toBe('/support');
    expect(notificationTarget('requests')).toBe('/requests?status=pending');
  });
});
