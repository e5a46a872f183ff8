import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cellKeyAt, cellPosition, gridKeyAction } from '../utils/grid-keyboard';

/** What the grid knows now; read through a ref, so the handlers stay the same between renders. */
export type GridFocusSource = {
  staffIds: readonly string[];
  /** The rows above the staff, top first: the headings, then the coverage and open shifts when shown. */
  aboveRows: readonly string[];
  dates: readonly string[];
  shifts: readonly ShiftDto[];
  onDelete: ((shift: ShiftDto) => Promise<boolean>) | undefined;
};

/** A cell to focus once it is drawn: a given entry, else its first (or last) item, less one deleted. */
type PendingFocus = { cell: string; shiftId: string | null; at?: 'first' | 'last'; skip?: string };

/**
 * The focusable things of a cell, in order: its entries, then its add button. A cell with nothing to
 * act on (the coverage row's) is itself the one item.
 */
function itemsOf(cell: HTMLElement): HTMLElement[] {
  if (cell.matches('[data-grid-item]')) return [cell];
  return [...cell.querySelectorAll<HTMLElement>('[data-grid-item]')];
}

/**
 * Focus in the week grid, the ARIA grid pattern: the grid is one tab stop (every `[data-grid-item]`
 * in it, in the headings, coverage, open shifts' and staff rows alike, has tabindex -1 but one), the
 * arrow keys, Home, End and Delete work as `gridKeyAction` says, and focus follows an entry to the
 * cell it was moved to.
 * `scrollToRow` brings a row of a large (virtualised) team into view before it can be focused.
 */
export function useGridFocus({
  enabled,
  latest,
  scrollToRow,
}: {
  enabled: boolean;
  latest: RefObject<GridFocusSource>;
  scrollToRow: (index: number) => void;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  // After a keyboard move the chip is focused again in its new cell, once the data shows it there
  // (a moved chip is briefly still in its old cell, until the week is fetched again).
  // Also used to focus a cell's first (or last) item once its row is drawn, or once a deleted chip
  // has gone (`skip`).
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null);

  useEffect(() => {
    if (!pendingFocus) return;
    const cell = tableRef.current?.querySelector<HTMLElement>(
      `[data-cell="${CSS.escape(pendingFocus.cell)}"]`,
    );
    if (!cell) return;
    const items = itemsOf(cell).filter((item) => item.dataset.shiftId !== pendingFocus.skip);
    const target = pendingFocus.shiftId
      ? items.find((item) => item.dataset.shiftId === pendingFocus.shiftId)
      : pendingFocus.at === 'last'
        ? items.at(-1)
        : items[0];
    if (!target) return;
    focusItem(target);
    setPendingFocus(null);
  });

  // Exactly one item has tabindex 0: the one last focused while it is drawn, else the first. Set on
  // the DOM, so moving focus redraws no row.
  const activeCell = useRef<{ cell: string; shiftId: string | null } | null>(null);
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || !enabled) return;
    const stops = table.querySelectorAll<HTMLElement>('[data-grid-item][tabindex="0"]');
    if (stops.length === 1) return;
    const remembered = activeCell.current;
    const cell = remembered
      ? table.querySelector<HTMLElement>(`[data-cell="${CSS.escape(remembered.cell)}"]`)
      : null;
    const target =
      (cell &&
        (itemsOf(cell).find((item) => (item.dataset.shiftId ?? null) === remembered?.shiftId) ??
          itemsOf(cell)[0])) ??
      table.querySelector<HTMLElement>('[data-grid-item]');
    for (const stop of stops) stop.tabIndex = -1;
    if (target) target.tabIndex = 0;
  });

  // Focus arriving any way (a click, a screen reader, the keyboard) makes that item the tab stop. A
  // native listener: `focusin` bubbles where a focus handler would not.
  useEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    const onFocusIn = (event: FocusEvent) => {
      const item = event.target as HTMLElement;
      if (item.matches('[data-grid-item]')) rove(item);
    };
    table.addEventListener('focusin', onFocusIn);
    return () => table.removeEventListener('focusin', onFocusIn);
  });

  function rove(item: HTMLElement) {
    const table = tableRef.current;
    if (!table) return;
    for (const stop of table.querySelectorAll<HTMLElement>('[data-grid-item][tabindex="0"]')) {
      if (stop !== item) stop.tabIndex = -1;
    }
    item.tabIndex = 0;
    const cell = item.closest<HTMLElement>('[data-cell]');
    if (cell?.dataset.cell)
      activeCell.current = { cell: cell.dataset.cell, shiftId: item.dataset.shiftId ?? null };
  }

  function focusItem(item: HTMLElement) {
    rove(item);
    item.focus();
    item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const item = event.target as HTMLElement;
    if (event.defaultPrevented || !enabled || !item.matches('[data-grid-item]')) return;
    const cell = item.closest<HTMLElement>('[data-cell]');
    const key = cell?.dataset.cell;
    if (!cell || !key) return;
    const { staffIds, aboveRows, dates, shifts, onDelete } = latest.current;
    const at = cellPosition(key, staffIds, dates, aboveRows);
    if (!at) return;
    const items = itemsOf(cell);
    const action = gridKeyAction(
      event,
      { ...at, item: items.indexOf(item), items: items.length },
      { rows: staffIds.length, columns: dates.length, top: aboveRows.length },
    );
    if (!action) return;
    if (action.kind === 'delete') {
      const shift = shifts.find((entry) => entry.shiftId === item.dataset.shiftId);
      if (!shift || !onDelete) return;
      event.preventDefault();
      void onDelete(shift).then((deleted) => {
        if (deleted) setPendingFocus({ cell: key, shiftId: null, skip: shift.shiftId });
      });
      return;
    }
    event.preventDefault();
    if (action.kind === 'item') {
      const next = items[action.index];
      if (next) focusItem(next);
      return;
    }
    if (action.kind === 'edge') return;
    const target = cellKeyAt(action.row, action.column, staffIds, dates, aboveRows);
    const drawn = tableRef.current?.querySelector<HTMLElement>(`[data-cell="${CSS.escape(target)}"]`);
    const candidates = drawn ? itemsOf(drawn) : [];
    const found = action.at === 'last' ? candidates.at(-1) : candidates[0];
    if (found) {
      focusItem(found);
      return;
    }
    // A row not drawn yet (a large team): bring it into view, then focus once it is there.
    scrollToRow(action.row);
    setPendingFocus({ cell: target, shiftId: null, at: action.at });
  }

  /** Focuses an entry in its new cell once the week shows it there (after a keyboard move). */
  const focusEntryWhenDrawn = useCallback(
    (shiftId: string, cell: string) => setPendingFocus({ shiftId, cell }),
    [],
  );

  return { tableRef, onGridKeyDown, focusEntryWhenDrawn };
}
