import { createShiftContext, type ShiftServiceDeps } from './shift-context.ts';
import { createShiftLockService } from './shift-lock.service.ts';
import { createShiftReadService } from './shift-read.service.ts';
import { createShiftWeekService } from './shift-week.service.ts';
import { createShiftWriteService } from './shift-write.service.ts';

export { ATTENDANCE_IS_PRO, NOTIFICATIONS_ARE_PRO } from './shift-context.ts';

/**
 * The schedule: shifts and time off, the lock, and notifications. Owners and administrators write;
 * every member reads, minus what the lock hides from staff and notes meant for administrators. One
 * service for the routes, made of its parts: reading (shift-read), changing one entry (shift-write),
 * whole weeks (shift-week) and the lock (shift-lock), which share the access and plan checks
 * (shift-context).
 */
export function createShiftService(deps: ShiftServiceDeps) {
  const ctx = createShiftContext(deps);
  return {
    ...createShiftReadService(deps, ctx),
    ...createShiftWriteService(deps, ctx),
    ...createShiftWeekService(deps, ctx),
    ...createShiftLockService(deps, ctx),
  };
}
