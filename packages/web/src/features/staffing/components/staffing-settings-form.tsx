import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_STAFFING_SETTINGS,
  StaffingSettings,
  type StaffingSettingsInput,
} from '@rotaboard/core/contracts/schedule-agent';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { UpgradeLink } from '../../../components/upgrade-link';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { teamStaffQueryOptions } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { staffingSettingsQueryOptions, useSaveStaffingSettings } from '../api/staffing-api';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { formFieldOf, roleSuggestions } from '../utils/staffing-form';
import { CoverageEditor } from './coverage-editor';
import { RulesEditor } from './rules-editor';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

/**
 * Coverage and rules, edited together and saved as a whole (the PUT replaces both). Checked with the
 * contract's own schema before sending; a 400 the server still finds is put on the field it names.
 */
export function StaffingSettingsForm({ teamId, isOwner }: { teamId: string; isOwner: boolean }) {
  const query = useQuery(staffingSettingsQueryOptions(teamId));
  const staff = useQuery(teamStaffQueryOptions(teamId));
  const save = useSaveStaffingSettings(teamId);
  const form = useForm<StaffingSettingsInput, unknown, StaffingSettings>({
    resolver: zodResolver(StaffingSettings),
    defaultValues: DEFAULT_STAFFING_SETTINGS,
  });
  const id = useId();
  const { isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);

  // A refetch (another administrator saved) must not wipe edits under way: those are saved over it.
  useEffect(() => {
    if (query.data && !form.formState.isDirty) form.reset(query.data);
  }, [query.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success('Staffing settings saved');
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.errors) {
        const slotCount = form.getValues('coverage')?.length ?? 0;
        let focused = false;
        for (const { path, message } of error.errors) {
          const name = formFieldOf(path, slotCount);
          if (!name) continue;
          form.setError(name as FieldPath<StaffingSettingsInput>, { message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      showApiError(error, 'Failed to save the staffing settings.');
    }
  });

  if (query.isPending) return <Spinner label="Loading the staffing settings" />;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {errorMessage(query.error, 'The staffing settings could not be loaded.')}
          {/* 403: the plan changed since the team was read; the server's message names Pro. */}
          {isApiError(query.error) && query.error.status === 403 ? (
            <UpgradeLink forOwner={isOwner} />
          ) : (
            <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Staffing settings">
      <Section
        id={`${id}-coverage`}
        title="Coverage"
        description="How many people you need on each day of the week, and when. An end before the start runs past midnight; leave the role blank for anyone."
      >
        <CoverageEditor form={form} roles={roleSuggestions(staff.data ?? [])} />
      </Section>
      <Section
        id={`${id}-rules`}
        title="Rules"
        description="Limits every schedule is checked against. The grid shows a broken rule; a strict one also refuses the hand edit that would break it. The agent never proposes a change that breaks one. Until you save, every rule only warns: none blocks a hand edit until you mark it strict and save."
      >
        <RulesEditor form={form} />
      </Section>
      {/* Stays in view at the bottom of the screen while there is something to save. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? <Spinner /> : null}
          Save settings
        </Button>
        {isDirty ? (
          <>
            <Button type="button" variant="ghost" disabled={isSubmitting} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <span className="text-sm text-muted-foreground">You have unsaved changes.</span>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        destructive
        open={guard.blocked}
        onOpenChange={(open) => {
          if (!open) guard.stay();
        }}
        title="Leave without saving?"
        description="Your changes to coverage and rules have not been saved."
        confirmLabel="Leave without saving"
        cancelLabel="Stay"
        onConfirm={() => {
          guard.leave();
        }}
      />
    </form>
  );
}
