/** Staff search is case-insensitive over full name, first name, last name and role (spec 2 §5). */
export function matchesStaffSearch(
  staff: { fullName: string; firstName: string; lastName: string; role: string },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [staff.fullName, staff.firstName, staff.lastName, staff.role].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** A leaving date in the future marks someone as leaving; today or earlier removes them now. */
export function isFutureDate(date: string, today: string): boolean {
  return date > today;
}

/** A new order is valid when it names every current member exactly once. */
export function isCompleteOrder(proposed: readonly string[], current: readonly string[]): boolean {
  if (proposed.length !== current.length) return false;
  const set = new Set(proposed);
  return set.size === proposed.length && current.every((id) => set.has(id));
}

/** A leaving date is the last working day: someone is on the staff list on it, and gone after it. */
export function isActiveOn(leavingDate: string | null, date: string): boolean {
  return leavingDate === null || leavingDate >= date;
}
