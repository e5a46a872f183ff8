/**
 * A uuid as text, in the hyphenated form PostgreSQL writes (either case). Filters ids before they go
 * into a query as a list, where one malformed id would fail the whole statement, and tells ids apart
 * from secrets in logged URLs.
 */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
