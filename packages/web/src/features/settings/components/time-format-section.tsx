import type { UserDto } from '@rotaboard/core/contracts/users';
import { formatClockRange, prefersHour12, type TimeFormat } from '@rotaboard/core/time/format';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { api, unwrap } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { showApiError } from '../../../lib/show-api-error';
import { browserLocales } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { SettingsSection } from './settings-section';

const SAMPLE = ['09:00', '17:30'] as const;

const sample = (hour12: boolean) => formatClockRange(SAMPLE[0], SAMPLE[1], hour12);

/**
 * 12- or 24-hour shift times (issue 41): Automatic follows the browser's language (9:00 am in the US,
 * 09:00 in most of the world); the choice is kept on the account, so every device shows the same.
 */
export function TimeFormatSection({ user }: { user: UserDto }) {
  const name = useId();
  const hintId = useId();
  const { refresh } = useAuth();
  const regionHour12 = prefersHour12(browserLocales());
  const options: { value: TimeFormat; label: string; example: string }[] = [
    { value: 'auto', label: 'Automatic', example: sample(regionHour12) },
    { value: '12h', label: '12-hour', example: sample(true) },
    { value: '24h', label: '24-hour', example: sample(false) },
  ];
  const save = useMutation({
    mutationFn: (timeFormat: TimeFormat) =>
      unwrap(api.PUT('/api/users/me/preferences', { body: { timeFormat } })),
    onSuccess: async (_, timeFormat) => {
      await refresh();
      toast.success(
        timeFormat === 'auto'
          ? 'Times follow your region'
          : `Times are shown on a ${timeFormat === '12h' ? '12' : '24'}-hour clock`,
      );
    },
    onError: (error) => showApiError(error, 'Failed to save your time format.'),
  });
  const chosen = save.isPending ? save.variables : user.timeFormat;
  return (
    <SettingsSection
      id="settings-time-format"
      title="Time format"
      description="How shift times are shown to you, on every device."
    >
      <fieldset aria-describedby={hintId}>
        <legend className="sr-only">Time format</legend>
        <div className="grid max-w-lg gap-3 sm:grid-cols-3">
          {options.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer flex-col gap-0.5 rounded-lg border px-4 py-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                chosen === option.value
                  ? 'border-primary bg-primary/5 text-foreground'
                  : 'border-border hover:bg-accent',
                save.isPending && 'cursor-wait',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen === option.value}
                disabled={save.isPending}
                onChange={() => save.mutate(option.value)}
                className="sr-only"
              />
              <span className="font-medium">{option.label}</span>
              <span className="text-muted-foreground tabular-nums">{option.example}</span>
            </label>
          ))}
        </div>
        <p id={hintId} className="mt-2 text-sm text-muted-foreground">
          Automatic follows your browser's language. Times you type are entered as your browser shows them.
        </p>
      </fieldset>
    </SettingsSection>
  );
}
