import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { describe, expect, it } from 'vitest';
import { matchesStaffSearch } from './staff-filter';

const ann = { fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', role: 'Barista' } as StaffDto;

describe('staff search (spec 2 §5)', () => {
  it('matches full, first and last name and role, ignoring case and spaces around', () => {
    for (const search of ['ann lee', 'ANN', 'lee', 'bar', '  Barista ', '']) {
      expect(matchesStaffSearch(ann, search), search).toBe(true);
    }
    expect(matchesStaffSearch(ann, 'bob')).toBe(false);
    expect(matchesStaffSearch(ann, 'chef')).toBe(false);
  });
});
