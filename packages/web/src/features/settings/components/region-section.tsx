import { formatMonthlyPrice, REGIONS } from '@rotaboard/core/regions/regions';
import { useId } from 'react';
import { RegionSelect } from '../../../components/region-select';
import { Label } from '../../../components/ui/label';
import { useRegion } from '../../../lib/region';
import { SettingsSection } from './settings-section';

export function RegionSection() {
  const region = useRegion();
  const selectId = useId();
  return (
    <SettingsSection id="settings-region" title="Region" description="Sets the currency prices are shown in.">
      <div className="max-w-sm space-y-2">
        <Label htmlFor={selectId}>Region</Label>
        <RegionSelect id={selectId} />
        <p className="text-sm text-muted-foreground">
          Pro plan: <strong className="font-semibold text-foreground">{formatMonthlyPrice(region)}</strong>,
          billed monthly in {REGIONS[region].currency}.
        </p>
      </div>
    </SettingsSection>
  );
}
