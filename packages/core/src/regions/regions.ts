/**
 * Prices per region (spec 1 §3, spec 2 §9): the one table the pricing page, the subscription screen
 * and checkout read. EU is ours: the service is hosted in the EU and its EU customers pay in euros.
 */
export const REGIONS = {
  US: { region: 'US', currency: 'USD', symbol: '$', monthlyPrice: 25, label: 'United States (USD)' },
  UK: { region: 'UK', currency: 'GBP', symbol: '£', monthlyPrice: 19, label: 'United Kingdom (GBP)' },
  EU: { region: 'EU', currency: 'EUR', symbol: '€', monthlyPrice: 22, label: 'European Union (EUR)' },
} as const;
export type Region = keyof typeof REGIONS;
export type Currency = (typeof REGIONS)[Region]['currency'];
export const CURRENCIES = Object.values(REGIONS).map((r) => r.currency) as readonly Currency[];

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && Object.hasOwn(REGIONS, value);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The region whose price is in `currency`. */
export function regionForCurrency(currency: Currency): Region {
  return Object.values(REGIONS).find((r) => r.currency === currency)!.region;
}

const UK_TIME_ZONES = new Set(['Europe/London', 'Europe/Dublin', 'GMT', 'Etc/GMT', 'Europe/Belfast']);
// Time zones of EU member states outside the UK rule above (which, per the spec, claims Dublin).
const EU_TIME_ZONES = new Set(
  'Amsterdam Athens Berlin Bratislava Brussels Bucharest Budapest Copenhagen Helsinki Lisbon Ljubljana Luxembourg Madrid Malta Nicosia Paris Prague Riga Rome Sofia Stockholm Tallinn Vienna Vilnius Warsaw Zagreb Busingen'
    .split(' ')
    .map((city) => `Europe/${city}`)
    .concat(['Atlantic/Canary', 'Atlantic/Madeira', 'Atlantic/Azores', 'Africa/Ceuta', 'Asia/Nicosia']),
);

/**
 * UK when the browser language is en-GB or the time zone is London, Dublin or GMT (spec 1 §9); EU for
 * an EU member state's time zone; else US. A stored choice wins.
 */
export function detectRegion(input: {
  stored?: string | null;
  language?: string;
  timeZone?: string;
}): Region {
  if (isRegion(input.stored)) return input.stored;
  if (input.language?.toLowerCase() === 'en-gb') return 'UK';
  if (input.timeZone && UK_TIME_ZONES.has(input.timeZone)) return 'UK';
  if (input.timeZone && EU_TIME_ZONES.has(input.timeZone)) return 'EU';
  return 'US';
}

export function formatMonthlyPrice(region: Region): string {
  const { symbol, monthlyPrice } = REGIONS[region];
  return `${symbol}${monthlyPrice}/mo`;
}
