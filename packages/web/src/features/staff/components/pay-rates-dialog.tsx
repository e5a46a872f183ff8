import type { PayRateDto } from '@rotaboard/core/contracts/labour';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { formatMoney, MAX_HOURLY_RATE_MINOR, minorDigits } from '@rotaboard/core/labour/money';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { parseMoneyInput } from '../../../lib/money-input';
import { currentPayRateId, payRatesQueryOptions, sortPayRates } from '../../../lib/pay-rates';
import { showApiError } from '../../../lib/show-api-error';
import { teamToday, useTeamTimeZone } from '../../../lib/team-today';
import { toast } from '../../../lib/toast';
import { useAddPayRate, useDeletePayRate } from '../api/pay-rates-api';
import { fieldMessage } from '../utils/pay-rates';

type Errors = { amount?: string | undefined; effectiveFrom?: string | undefined };

/**
 * One person's hourly pay with its history (issue 43, Pro): newest first, the one in force today
 * marked, a new rate from a date, and a rate deleted after asking. The amount is typed in currency
 * units and sent as integer minor units read from the decimal string (lib/money-input), never a float.
 */
export function PayRatesDialog({
  teamId,
  currency,
  member,
  open,
  onOpenChange,
}: {
  teamId: string;
  currency: string;
  member: StaffDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const today = teamToday(useTeamTimeZone(teamId));
  const query = useQuery({ ...payRatesQueryOptions(teamId, member.staffId), enabled: open });
  const add = useAddPayRate(teamId, member.staffId);
  const remove = useDeletePayRate(teamId, member.staffId);
  const [amount, setAmount] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState<PayRateDto | null>(null);
  const ids = { amount: useId(), from: useId(), errors: useId(), formTitle: useId() };
  const money = (minor: number) => formatMoney(minor, currency);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (open) {
      setAmount('');
      setEffectiveFrom(today);
      setErrors({});
    }
  }, [open]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseMoneyInput(amount, currency, MAX_HOURLY_RATE_MINOR);
    const next: Errors = {
      amount: parsed.ok ? undefined : parsed.message,
      effectiveFrom: /^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom)
        ? undefined
        : 'Choose the date it applies from',
    };
    setErrors(next);
    if (!parsed.ok || next.effectiveFrom) return;
    try {
      await add.mutateAsync({ effectiveFrom, hourlyRateMinor: parsed.minor });
      toast.success(`${money(parsed.minor)} an hour from ${formatLongDate(effectiveFrom)}`);
      setAmount('');
    } catch (error) {
      // A rate on that date already (409): the date is the field to change. A 400 names its field.
      if (isApiError(error) && error.status === 409) setErrors({ effectiveFrom: error.message });
      else if (isApiError(error) && error.status === 400 && error.errors?.length) {
        setErrors({
          amount: fieldMessage(error.errors, 'hourlyRateMinor'),
          effectiveFrom: fieldMessage(error.errors, 'effectiveFrom'),
        });
      } else showApiError(error, 'Failed to save the pay rate.');
    }
  }

  const rates = sortPayRates(query.data ?? []);
  const currentId = currentPayRateId(rates, today);
  const describedBy = (key: keyof Errors) => (errors[key] ? `${ids.errors}-${key}` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Pay rates for {member.fullName}</DialogTitle>
          <DialogDescription>
            Hourly pay in {currency}. Each rate applies from its date until the next one; the week's cost on
            the schedule uses the rate in force on each shift's date.
          </DialogDescription>
        </DialogHeader>

        {query.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading pay rates…" />
          </div>
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{errorMessage(query.error, 'Failed to load the pay rates.')}</AlertDescription>
          </Alert>
        ) : rates.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            No pay rate yet: {member.fullName}'s shifts cost nothing on the schedule until one is set.
          </p>
        ) : (
          <ul aria-label="Pay rates" className="divide-y divide-border rounded-lg border border-border">
            {rates.map((rate) => (
              <li key={rate.payRateId} className="flex items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1 text-sm">
                  <span className="font-medium tabular-nums">{money(rate.hourlyRateMinor)}</span> an hour from{' '}
                  {formatLongDate(rate.effectiveFrom)}
                  {rate.payRateId === currentId ? (
                    <Badge variant="success" className="ml-2 align-middle">
                      Current
                    </Badge>
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  aria-label={`Delete the rate from ${formatLongDate(rate.effectiveFrom)}`}
                  onClick={() => setDeleting(rate)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}

        <form
          className="space-y-3 rounded-lg border border-border bg-muted/40 p-4"
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={ids.formTitle}
        >
          <h3 id={ids.formTitle} className="text-sm font-semibold">
            Add a rate
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.amount}>Hourly rate ({currency})</Label>
              <Input
                id={ids.amount}
                inputMode="decimal"
                autoComplete="off"
                placeholder={minorDigits(currency) === 0 ? '1500' : '12.50'}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={describedBy('amount')}
              />
              <FieldError id={`${ids.errors}-amount`} message={errors.amount} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.from}>From</Label>
              <Input
                id={ids.from}
                type="date"
                value={effectiveFrom}
                onChange={(event) => setEffectiveFrom(event.target.value)}
                aria-invalid={errors.effectiveFrom ? true : undefined}
                aria-describedby={describedBy('effectiveFrom')}
              />
              <FieldError id={`${ids.errors}-effectiveFrom`} message={errors.effectiveFrom} />
            </div>
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? <Spinner className="text-current [&_svg]:size-4" /> : null}
            Add rate
          </Button>
        </form>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => {
            if (!next) setDeleting(null);
          }}
          title="Delete this pay rate?"
          description={
            deleting
              ? `${money(deleting.hourlyRateMinor)} an hour from ${formatLongDate(deleting.effectiveFrom)}. The rate before it applies from that date instead, and the schedule's cost changes with it.`
              : ''
          }
          confirmLabel="Delete rate"
          destructive
          onConfirm={async () => {
            if (!deleting) return;
            try {
              await remove.mutateAsync(deleting.payRateId);
              toast.success('Pay rate deleted');
            } catch (error) {
              showApiError(error, 'Failed to delete the pay rate.');
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
