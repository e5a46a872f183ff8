import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { WEEKDAY_NAMES } from '@rotaboard/core/dates/week';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { CalendarDays, Clock, Coins, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

export type TeamRole = 'Owner' | 'Admin' | 'Member';

/** One of the user's teams: what it is, the user's role in it, and what they may do with it. */
export function TeamCard({
  team,
  role,
  isSelected,
  onOpenSchedule,
  onEdit,
  onLabour,
  onDaySettings,
  onDelete,
}: {
  team: TeamDto;
  role: TeamRole;
  isSelected: boolean;
  onOpenSchedule: () => void;
  onEdit?: (() => void) | undefined;
  /** The weekly budget and overtime (owner and administrators of Pro teams). */
  onLabour?: (() => void) | undefined;
  /** The time clock's and sick calls' settings (issue 44; owner and administrators of Pro teams). */
  onDaySettings?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const headingId = useId();
  const weekStart = WEEKDAY_NAMES[team.weekStartDay] ?? WEEKDAY_NAMES[1];
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between',
        isSelected ? 'border-primary/50 ring-1 ring-primary/30' : 'border-border',
      )}
    >
      <div className="min-w-0 space-y-2">
        <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight break-words">
          {team.teamName}
        </h2>
        <p className="text-sm text-muted-foreground">
          Week starts on {weekStart} · {team.timeZone.replaceAll('_', ' ')} time
        </p>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={role === 'Member' ? 'secondary' : 'default'}>{role}</Badge>
          <Badge variant="outline">{planOf(team.ownerSubscriptionTier).label} plan</Badge>
          {isSelected ? <Badge variant="secondary">Current team</Badge> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button size="sm" variant="outline" onClick={onOpenSchedule} aria-describedby={headingId}>
          <CalendarDays aria-hidden="true" />
          Open schedule
        </Button>
        {onEdit ? (
          <Button size="sm" variant="outline" onClick={onEdit} aria-describedby={headingId}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {onLabour ? (
          <Button size="sm" variant="outline" onClick={onLabour} aria-describedby={headingId}>
            <Coins aria-hidden="true" />
            Labour cost
          </Button>
        ) : null}
        {onDaySettings ? (
          <Button size="sm" variant="outline" onClick={onDaySettings} aria-describedby={headingId}>
            <Clock aria-hidden="true" />
            Day settings
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={onDelete}
            aria-describedby={headingId}
          >
            <Trash2 aria-hidden="true" />
            Delete team
          </Button>
        ) : null}
      </div>
    </li>
  );
}
