import { Moon, Sun } from 'lucide-react';
import { setTheme, type Theme, useTheme } from '../../../lib/theme';
import { cn } from '../../../lib/utils';
import { SettingsSection } from './settings-section';

const OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

export function AppearanceSection() {
  const theme = useTheme();
  return (
    <SettingsSection
      id="settings-appearance"
      title="Appearance"
      description="Choose how Rotaboard looks on this device."
    >
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid max-w-sm grid-cols-2 gap-3">
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                theme === value
                  ? 'border-primary bg-primary/5 text-foreground'
                  : 'border-border hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
