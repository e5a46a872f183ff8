/** The server's words about one field of the form (a 400 names it), if any. */
export function fieldMessage(
  errors: readonly { path: string; message: string }[] | undefined,
  field: string,
): string | undefined {
  return errors?.find((error) => error.path === field || error.path.endsWith(`.${field}`))?.message;
}
