/** The six shift colours (spec 1 §9); null on a shift means its default. */
export const SHIFT_COLOURS = [
  { value: 0, name: 'Blue' },
  { value: 1, name: 'Green' },
  { value: 2, name: 'Red' },
  { value: 3, name: 'Yellow' },
  { value: 4, name: 'Purple' },
  { value: 5, name: 'Brown' },
] as const;
export type ShiftColour = (typeof SHIFT_COLOURS)[number]['value'];

/** Blue for a shift, Green for time off. */
export function defaultColour(isTimeOff: boolean): ShiftColour {
  return isTimeOff ? 1 : 0;
}

export function effectiveColour(colour: number | null, isTimeOff: boolean): ShiftColour {
  return colour !== null && colour >= 0 && colour <= 5 ? (colour as ShiftColour) : defaultColour(isTimeOff);
}

/** Choosing the default colour stores null, so the entry follows the default if it changes kind. */
export function chooseColour(chosen: ShiftColour, isTimeOff: boolean): ShiftColour | null {
  return chosen === defaultColour(isTimeOff) ? null : chosen;
}
