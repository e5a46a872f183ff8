import type { shifts, staff, teams, users, weeklyHours } from './schema.ts';

/**
 * The rows many modules pass around: a user (the caller of every service), a team, a member of staff,
 * a shift. Their types live with the schema so a module can name them without reaching into the
 * repository of the module that owns the table.
 */
export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type WeeklyHoursRow = typeof weeklyHours.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;
