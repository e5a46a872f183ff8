/** A profile is complete when the person has both a first and a last name. */
export function needsProfileCompletion(user: { firstName: string | null; lastName: string | null }): boolean {
  return !user.firstName?.trim() || !user.lastName?.trim();
}

/** The name people see for a user, falling back to the email address before a profile exists. */
export function displayName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const full = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return full || user.email;
}
