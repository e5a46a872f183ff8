import { describe, expect, it } from 'vitest';
import { sickCallOutcome } from './sick-call-dialog';

const offer = (staffName: string) => ({ staffId: crypto.randomUUID(), staffName, reason: 'free all day' });

describe('what a sick call says happens next', () => {
  it('tells the member who called who was offered the shift, or that the managers will find cover', () => {
    expect(sickCallOutcome({ openShiftId: crypto.randomUUID(), offeredTo: [offer('Ben Baker')] })).toBe(
      'Your managers have been told, and the shift has been offered to Ben Baker. The first to claim it takes it. Get well soon.',
    );
    expect(
      sickCallOutcome({
        openShiftId: crypto.randomUUID(),
        offeredTo: [offer('Ben'), offer('Cal'), offer('Dee')],
      }),
    ).toContain('offered to Ben, Cal and Dee.');
    expect(sickCallOutcome({ openShiftId: crypto.randomUUID(), offeredTo: [] })).toBe(
      'Nobody free fits this shift, so your managers have been told and will find cover. Get well soon.',
    );
  });

  it('tells a manager who recorded it for someone what to do, without wishing them well', () => {
    expect(
      sickCallOutcome({ openShiftId: crypto.randomUUID(), offeredTo: [offer('Ben Baker')] }, 'Ava Adams'),
    ).toBe('The shift has been offered to Ben Baker. The first to claim it takes it.');
    expect(sickCallOutcome({ openShiftId: crypto.randomUUID(), offeredTo: [] }, 'Ava Adams')).toBe(
      'Nobody free fits this shift: it is in the open shifts row for you to fill.',
    );
  });
});
