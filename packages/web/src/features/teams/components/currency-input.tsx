import type { ComponentProps } from 'react';
import { useId } from 'react';
import { Input } from '../../../components/ui/input';

/**
 * The currencies most teams pay in, offered first; any other ISO 4217 code may be typed (the server
 * checks it against the full list, as core's TeamCurrency does).
 */
export const COMMON_CURRENCIES = [
  ['GBP', 'Pound sterling'],
  ['EUR', 'Euro'],
  ['USD', 'US dollar'],
  ['CAD', 'Canadian dollar'],
  ['AUD', 'Australian dollar'],
  ['NZD', 'New Zealand dollar'],
  ['CHF', 'Swiss franc'],
  ['SEK', 'Swedish krona'],
  ['NOK', 'Norwegian krone'],
  ['DKK', 'Danish krone'],
  ['PLN', 'Polish złoty'],
  ['JPY', 'Japanese yen'],
  ['INR', 'Indian rupee'],
  ['ZAR', 'South African rand'],
] as const;

/** A team's currency: a code field with the common ones as suggestions (the platform's combobox). */
export function CurrencyInput(props: ComponentProps<'input'>) {
  const listId = useId();
  return (
    <>
      <Input
        type="text"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={3}
        className="uppercase"
        {...props}
      />
      <datalist id={listId}>
        {COMMON_CURRENCIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </datalist>
    </>
  );
}
