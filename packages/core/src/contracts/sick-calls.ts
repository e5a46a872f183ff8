import { z } from 'zod';
import { plainText } from './common.ts';
import { ShiftParams } from './shifts.ts';

/** The longest note a sick call may carry (kept in its audit row). */
export const MAX_SICK_NOTE_LENGTH = 500;

/** POST /api/teams/{id}/shifts/{shiftId}/sick */
export const SickCallParams = ShiftParams;

/** POST /api/teams/{id}/shifts/{shiftId}/sick: an optional note for the administrators. */
export const SickCallInput = z
  .object({
    note: plainText(
      z
        .string({ error: 'note must be text' })
        .trim()
        .max(MAX_SICK_NOTE_LENGTH, `note can be at most ${MAX_SICK_NOTE_LENGTH} characters`),
      'note',
      true,
    ).optional(),
  })
  // No body at all is a sick call without a note.
  .nullish();
export type SickCallInput = z.input<typeof SickCallInput>;

/** A colleague the sick cover was offered to, with the rule engine's reason in words. */
export const SickCoverOfferDto = z.object({
  staffId: z.uuid(),
  staffName: z.string(),
  reason: z.string(),
});

/** 201: the open shift that is the shift's place, and whom it was offered to (best ranked first). */
export const SickCallResponse = z.object({
  openShiftId: z.uuid(),
  offeredTo: z.array(SickCoverOfferDto),
});
export type SickCallResponse = z.infer<typeof SickCallResponse>;
