import { z } from 'zod';
import { IsoDate, plainText } from './common.ts';
import { MAX_DAY_NOTE_LENGTH } from './shifts.ts';

/** POST /day-notes and PUT /day-notes/{noteId} */
export const DayNoteInput = z.object({
  noteDate: IsoDate,
  noteText: plainText(
    z
      .string({ error: 'Write a note' })
      .trim()
      .min(1, 'Write a note')
      .max(MAX_DAY_NOTE_LENGTH, `A note can be at most ${MAX_DAY_NOTE_LENGTH} characters`),
    'A note',
    true,
  ),
  showToAllStaff: z.boolean().default(true),
});
export type DayNoteInput = z.input<typeof DayNoteInput>;

export const DayNoteDto = z.object({
  noteId: z.uuid(),
  noteDate: z.string(),
  noteText: z.string(),
  showToAllStaff: z.boolean(),
});
export type DayNoteDto = z.infer<typeof DayNoteDto>;

export const DayNoteParams = z.object({ id: z.uuid('Team not found'), noteId: z.uuid('Note not found') });
