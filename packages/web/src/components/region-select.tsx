import { isRegion, REGIONS, type Region } from '@rotaboard/core/regions/regions';
import { useEffect } from 'react';
import { setRegion, useRegion } from '../lib/region';
import { Select } from './ui/select';

/**
 * The region (and so the currency) prices are shown in: the stored choice, else the one detected from
 * the browser. Changing it stores it, for every page (Settings, the subscription screen, pricing).
 */
export function RegionSelect({ id, value }: { id: string; value?: Region }) {
  const stored = useRegion();
  // A prerendered page passes the region it was rendered with until it has hydrated.
  const region = value ?? stored;
  // On a prerendered page the native select works before the script arrives; a choice made then would
  // be lost when the page hydrates, so it is taken over (a no-op wherever the app rendered the select).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const chosen = (document.getElementById(id) as HTMLSelectElement | null)?.value;
    if (chosen && chosen !== region && isRegion(chosen)) setRegion(chosen);
  }, []);
  return (
    <Select
      id={id}
      value={region}
      onChange={(event) => {
        if (isRegion(event.target.value)) setRegion(event.target.value);
      }}
    >
      {Object.values(REGIONS).map((option) => (
        <option key={option.region} value={option.region}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
