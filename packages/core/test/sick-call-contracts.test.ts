import { describe, expect, it } from 'vitest';
import { SickCallInput, SickCallResponse } from '../src/contracts/sick-calls.ts';

const problem = (body: unknown) => {
  const result = SickCallInput.safeParse(body);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('the sick call contract', () => {
  it('takes no body, an empty one, or a note of up to 500 characters, trimmed', () => {
    expect(problem(undefined)).toBeNull();
    expect(problem(null)).toBeNull();
    expect(problem({})).toBeNull();
    expect(SickCallInput.parse({ note: '  Flu  ' })).toEqual({ note: 'Flu' });
    expect(problem({ note: 'x'.repeat(500) })).toBeNull();
    expect(problem({ note: 'Two lines\nof note' })).toBeNull();
  });

  it('refuses a long note, control characters, broken text or a note that is not text, naming note', () => {
    expect(problem({ note: 'x'.repeat(501) })).toEqual({
      path: 'note',
      message: 'note can be at most 500 characters',
    });
    expect(problem({ note: 'bad\u0000' })).toEqual({
      path: 'note',
      message: 'note cannot contain control characters',
    });
    expect(problem({ note: 'half \uD800' })?.path).toBe('note');
    expect(problem({ note: 7 })).toEqual({ path: 'note', message: 'note must be text' });
  });

  it('answers the open shift and whom it was offered to', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      SickCallResponse.parse({
        openShiftId: id,
        offeredTo: [{ staffId: id, staffName: 'Sam Lee', reason: 'free all day' }],
      }),
    ).toBeTruthy();
    expect(SickCallResponse.safeParse({ openShiftId: 'x', offeredTo: [] }).success).toBe(false);
  });
});
