import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { matchesStaffSearch } from '@rotaboard/core/staff/staff-rules';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** The staff multi-select list with a search box (spec 2 §2 other controls); none chosen means everyone. */
export function StaffFilter({
  staff,
  selected,
  onChange,
}: {
  staff: StaffDto[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const id = useId();
  const shown = staff.filter((p) => matchesStaffSearch(p, search));
  const summary =
    selected.length === 0
      ? 'All staff'
      : selected.length === 1
        ? (staff.find((p) => p.staffId === selected[0])?.fullName ?? '1 person')
        : `${selected.length} people`;
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">Staff</span>
      <details className="group relative">
        <summary className="flex h-10 w-full cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-sm shadow-xs sm:w-48 [&::-webkit-details-marker]:hidden">
          <span className="truncate">{summary}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </summary>
        <div className="absolute z-20 mt-1 w-[min(18rem,calc(100vw-2rem))] rounded-md border border-border bg-popover p-2 shadow-lg">
          <Label htmlFor={id} className="sr-only">
            Search staff
          </Label>
          <Input
            id={id}
            type="search"
            placeholder="Search staff"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <ul className="mt-2 max-h-60 overflow-auto">
            {shown.map((p) => {
              const checked = selected.includes(p.staffId);
              const boxId = `${id}-${p.staffId}`;
              return (
                <li key={p.staffId} className="flex items-center gap-2 rounded px-1 py-1.5 hover:bg-muted">
                  <Checkbox
                    id={boxId}
                    checked={checked}
                    onCheckedChange={(on) =>
                      onChange(on ? [...selected, p.staffId] : selected.filter((s) => s !== p.staffId))
                    }
                  />
                  <label htmlFor={boxId} className="min-w-0 flex-1 cursor-pointer truncate text-sm">
                    {p.fullName}
                    {p.role ? <span className="text-muted-foreground"> · {p.role}</span> : null}
                  </label>
                </li>
              );
            })}
            {shown.length === 0 ? (
              <li className="px-1 py-2 text-sm text-muted-foreground">No one matches</li>
            ) : null}
          </ul>
          {selected.length ? (
            <button type="button" className="mt-2 text-sm underline" onClick={() => onChange([])}>
              Show everyone
            </button>
          ) : null}
        </div>
      </details>
    </div>
  );
}
