import { isRegion, REGIONS } from '@rotaboard/core/regions/regions';
import { setRegion, useRegion } from '../lib/region';
import { Select } from './ui/select';

/**
 * The region (and so the currency) prices are shown in: the stored choice, else the one detected from
 * the browser. Changing it stores it, for every page (Settings, the subscription screen, pricing).
 */
export function RegionSelect({ id }: { id: string }) {
  const region = useRegion();
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
