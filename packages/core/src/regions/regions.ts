/** Prices per region (spec 1 §3, spec 2 §9). */
export const REGIONS = {
  US: { region: 'US', currency: 'USD', symbol: '$', monthlyPrice: 25, label: 'United States (USD)' },
  UK: { region: 'UK', currency: 'GBP', symbol: '£', monthlyPrice: 19, label: 'United Kingdom (GBP)' },
} as const;
export type Region = keyof typeof REGIONS;

const UK_TIME_ZONES = new Set(['Europe/London', 'Europe/Dublin', 'GMT', 'Etc/GMT', 'Europe/Belfast']);

/** UK when the browser language is en-GB or the time zone is London, Dublin or GMT; a stored choice wins. */
export function detectRegion(input: {
  stored?: string | null;
  language?: string;
  timeZone?: string;
}): Region {
  if (input.stored === 'US' || input.stored === 'UK') return input.stored;
  if (input.language?.toLowerCase() === 'en-gb') return 'UK';
  if (input.timeZone && UK_TIME_ZONES.has(input.timeZone)) return 'UK';
  return 'US';
}

export function formatMonthlyPrice(region: Region): string {
  const { symbol, monthlyPrice } = REGIONS[region];
  return `${symbol}${monthlyPrice}/mo`;
}
