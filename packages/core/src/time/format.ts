/**
 * Shift times for people to read (issue 41): 24-hour ('13:30') or 12-hour ('1:30 pm'), as the
 * person's region writes them unless they chose one in Settings. Intl alone, so the web app's first
 * load can use it; stored and entered times stay 'HH:MM[:SS]' (an <input type="time"> follows the
 * browser's own locale).
 */

/** A person's choice in Settings: their region's way ('auto'), or always 12- or 24-hour. */
export const TIME_FORMATS = ['auto', '12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/**
 * 'HH:MM[:SS]' as shown: '13:30' in 24-hour (exactly the stored hours and minutes, so what the app
 * showed before stays byte for byte), '1:30 pm' in 12-hour ('12:00 am' is midnight, '12:00 pm' noon).
 * Empty for no time.
 */
export function formatClock(time: string | null | undefined, hour12: boolean): string {
  if (!time) return '';
  const hhmm = time.slice(0, 5);
  if (!hour12) return hhmm;
  const hours = Number(hhmm.slice(0, 2));
  if (!Number.isInteger(hours) || hhmm.charAt(2) !== ':') return hhmm;
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${hhmm.slice(3, 5)} ${suffix}`;
}

/** A start and end as one text: '09:00–17:00', '9:00 am–5:00 pm'. */
export function formatClockRange(
  start: string | null | undefined,
  end: string | null | undefined,
  hour12: boolean,
): string {
  return `${formatClock(start, hour12)}–${formatClock(end, hour12)}`;
}

const localeAnswers = new Map<string, boolean>();

/**
 * Whether `locale` writes times on a 12-hour clock ('en-US', 'en-AU', 'hi-IN') rather than 24-hour
 * ('en-GB', 'de-DE', 'ja-JP'), from the platform's own locale data. An unknown or missing locale is
 * 24-hour: unambiguous for everyone.
 */
export function prefersHour12(locale: string | readonly string[] | undefined): boolean {
  const key = Array.isArray(locale) ? locale.join(',') : String(locale ?? '');
  if (!key) return false;
  const known = localeAnswers.get(key);
  if (known !== undefined) return known;
  let answer = false;
  try {
    const options = new Intl.DateTimeFormat(locale as string | string[], {
      hour: 'numeric',
    }).resolvedOptions();
    // Older engines report hour12 without hourCycle.
    answer = options.hourCycle
      ? options.hourCycle === 'h11' || options.hourCycle === 'h12'
      : options.hour12 === true;
  } catch {
    answer = false;
  }
  if (localeAnswers.size < 100) localeAnswers.set(key, answer);
  return answer;
}

/** The clock a person sees: their choice, or their locale's when they left it on Automatic. */
export function usesHour12(
  choice: TimeFormat | null | undefined,
  locale: string | readonly string[] | undefined,
): boolean {
  if (choice === '12h') return true;
  if (choice === '24h') return false;
  return prefersHour12(locale);
}
