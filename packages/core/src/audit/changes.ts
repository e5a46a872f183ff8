type Values = Record<string, unknown>;

/**
 * The fields that differ between two snapshots, as the before and after an UPDATE audit row keeps
 * (spec 2 §4: updates show only changed fields). Null when nothing changed.
 */
export function changedFields(
  before: Values,
  after: Values,
): { oldValues: Values; newValues: Values } | null {
  const oldValues: Values = {};
  const newValues: Values = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      oldValues[key] = before[key] ?? null;
      newValues[key] = after[key] ?? null;
    }
  }
  return Object.keys(newValues).length ? { oldValues, newValues } : null;
}
