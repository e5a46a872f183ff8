/** A subscription date as people in the UK write it: "24 December 2026". */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
}
