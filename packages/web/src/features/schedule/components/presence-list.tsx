import { useViewers } from '../../../lib/live-updates';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

const MAX_SHOWN = 5;

/** 'Also viewing: …' — everyone else looking at this team's schedule right now; hidden when only you. */
export function PresenceList({
  teamId,
  userId,
  compact = false,
}: {
  teamId: string;
  userId: string | null;
  /** On a phone, beside the title: the faces only (the words stay for screen readers). */
  compact?: boolean;
}) {
  const others = useViewers(teamId).filter((viewer) => viewer.userId !== userId);
  if (others.length === 0) return null;
  const names = others.map((viewer) => viewer.name).join(', ');
  const shown = others.slice(0, MAX_SHOWN);
  const more = others.length - shown.length;
  return (
    <div className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground" data-testid="presence">
      <span className="sr-only">Also viewing: {names}</span>
      {compact ? null : <span aria-hidden="true">Also viewing:</span>}
      <ul aria-hidden="true" className="flex -space-x-1.5" title={`Also viewing: ${names}`}>
        {shown.map((viewer) => (
          <li
            key={viewer.userId}
            title={viewer.name}
            className="flex size-7 items-center justify-center rounded-full border-2 border-background bg-primary/15 text-[0.7rem] font-semibold text-primary"
          >
            {initials(viewer.name)}
          </li>
        ))}
        {more > 0 ? (
          <li className="flex size-7 items-center justify-center rounded-full border-2 border-background bg-muted text-[0.7rem] font-semibold">
            +{more}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
