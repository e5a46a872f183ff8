/**
 * Who "Notify staff" reaches: everyone with an entry in the week who has an email address on their
 * staff row; the rest cannot be told and the confirmation names them. The server sends to exactly
 * `emailed`; the web app shows both lists before anything is sent.
 */
export function notificationAudience<T extends { email: string | null }>(
  people: readonly T[],
): { emailed: (T & { email: string })[]; unreachable: T[] } {
  const emailed: (T & { email: string })[] = [];
  const unreachable: T[] = [];
  for (const person of people) {
    if (person.email) emailed.push(person as T & { email: string });
    else unreachable.push(person);
  }
  return { emailed, unreachable };
}
