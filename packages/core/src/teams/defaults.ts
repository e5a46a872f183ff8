/** Monday: the week starts here unless a team chooses otherwise (0 = Sunday … 6 = Saturday). */
export const DEFAULT_WEEK_START_DAY = 1;
