import { DEFAULT_TIME_ZONE } from '@rotaboard/core/time/clock';
import { type ComponentProps, useId, useMemo } from 'react';
import { Input } from '../../../components/ui/input';

/** Every zone the browser knows, UTC first; the team's own kept even when this browser lacks it. */
function zoneNames(current: string | undefined): string[] {
  let names: string[] = [];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older platforms cannot list them: the field still takes a typed name, checked as the server does.
  }
  const first = [DEFAULT_TIME_ZONE, ...(current && current !== DEFAULT_TIME_ZONE ? [current] : [])];
  return [...first, ...names.filter((name) => !first.includes(name))];
}

/**
 * A team's IANA time zone: a text field with the zones as suggestions (the platform's own combobox,
 * searchable as one types and usable from the keyboard and with a screen reader), over 400 names
 * being too many for a plain select.
 */
export function TimeZoneInput({ current, ...props }: ComponentProps<'input'> & { current?: string }) {
  const listId = useId();
  const names = useMemo(() => zoneNames(current), [current]);
  return (
    <>
      <Input
        type="text"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="Europe/London"
        {...props}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
