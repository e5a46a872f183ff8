/**
 * "Rules", with the week's count of broken rules when there are any. Its own module: the phone's week
 * tools panel (loaded on demand) reads it too, and importing it from week-tools.tsx would pull that
 * module's dynamic import into the panel, which splits the loader's helper out of the entry chunk (a
 * bigger sign-in page).
 */
export function rulesLabel(tools: { violations: number | null; strict: number }): string {
  if (tools.violations === null || tools.violations === 0) return 'Rules';
  return `Rules: ${tools.violations} broken${tools.strict > 0 ? `, ${tools.strict} strict` : ''}`;
}
