import { cellKey, type GridMoveKey, HEAD_ROW } from '../../../lib/schedule-grid';

/**
 * The week grid's keyboard, as pure rules: which cell (or which entry of a cell) a key moves focus
 * to, and which keys move or copy a focused shift. The grid component applies them to the DOM.
 */

// The rows' keys live with the grid's other shared helpers: the rows drawn by other features
// (features/staffing, features/open-shifts) key their cells with them too.
export { COVERAGE_ROW, HEAD_ROW, OPEN_SHIFTS_ROW } from '../../../lib/schedule-grid';

/** The modifier keys and key of a keyboard event (a DOM or React one). */
export type KeyPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
};

/**
 * Where focus is: the row (0 for the first person, negative for the rows above the staff: -1 the one
 * just above, down to -top the headings), the day's column, and the item within the cell.
 */
export type GridPosition = { row: number; column: number; item: number; items: number };

export type GridKeyAction =
  /** Focus another item of the same cell. */
  | { kind: 'item'; index: number }
  /** Focus the first (or last) item of another cell. */
  | { kind: 'cell'; row: number; column: number; at: 'first' | 'last' }
  /** The key is the grid's, but there is nowhere to go (the edge): swallow it. */
  | { kind: 'edge' }
  /** Delete the focused entry. */
  | { kind: 'delete' };

const MOVE_KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Arrow keys between cells (Down and Up go through a cell's entries first), Home and End along the
 * row (with Ctrl, to the grid's first or last cell), Delete or Backspace on an entry. Null for keys
 * the grid leaves alone: any with Alt, Meta or Shift (those move chips), and Ctrl with an arrow.
 * `size.rows` counts the staff; `size.top` the rows above them (the headings, and the coverage and
 * open shifts' rows when shown; 1 when left out).
 */
export function gridKeyAction(
  press: KeyPress,
  from: GridPosition,
  size: { rows: number; columns: number; top?: number },
): GridKeyAction | null {
  const top = size.top ?? 1;
  if (press.altKey || press.metaKey || press.shiftKey) return null;
  const { row, column, item, items } = from;
  let next: { row: number; column: number; at: 'first' | 'last' };
  switch (press.key) {
    case 'ArrowRight':
      next = { row, column: column + 1, at: 'first' };
      break;
    case 'ArrowLeft':
      next = { row, column: column - 1, at: 'first' };
      break;
    case 'ArrowDown':
      if (item < items - 1) return { kind: 'item', index: item + 1 };
      next = { row: row + 1, column, at: 'first' };
      break;
    case 'ArrowUp':
      if (item > 0) return { kind: 'item', index: item - 1 };
      next = { row: row - 1, column, at: 'last' };
      break;
    case 'Home':
      next = { row: press.ctrlKey ? -top : row, column: 0, at: 'first' };
      break;
    case 'End':
      next = { row: press.ctrlKey ? size.rows - 1 : row, column: size.columns - 1, at: 'first' };
      break;
    case 'Delete':
    case 'Backspace':
      return { kind: 'delete' };
    default:
      return null;
  }
  if (press.ctrlKey && press.key !== 'Home' && press.key !== 'End') return null;
  if (next.row < -top || next.row >= size.rows || next.column < 0 || next.column >= size.columns) {
    return { kind: 'edge' };
  }
  return { kind: 'cell', ...next };
}

/**
 * Shift and an arrow on a focused chip moves it to the next person or day; with Alt as well it
 * copies it there. Null for any other key, and with Ctrl or Meta (the browser's and system's own).
 */
export function chipMove(press: KeyPress): { key: GridMoveKey; copy: boolean } | null {
  if (!press.shiftKey || press.ctrlKey || press.metaKey || !MOVE_KEYS.has(press.key)) return null;
  return { key: press.key as GridMoveKey, copy: press.altKey };
}

/**
 * A cell's row and column in the grid, from its `data-cell` key; null when it is not in the grid.
 * `above` names the rows above the staff, top first (their rows are -above.length … -1).
 */
export function cellPosition(
  key: string,
  staffIds: readonly string[],
  dates: readonly string[],
  above: readonly string[] = [HEAD_ROW],
): { row: number; column: number } | null {
  const bar = key.indexOf('|');
  if (bar < 0) return null;
  const rowKey = key.slice(0, bar);
  const aboveAt = above.indexOf(rowKey);
  const row = aboveAt >= 0 ? aboveAt - above.length : staffIds.indexOf(rowKey);
  const column = dates.indexOf(key.slice(bar + 1));
  if ((aboveAt < 0 && row === -1) || column < 0) return null;
  return { row, column };
}

/** The `data-cell` key of a row (negative: the rows `above` the staff, as in cellPosition) and column. */
export function cellKeyAt(
  row: number,
  column: number,
  staffIds: readonly string[],
  dates: readonly string[],
  above: readonly string[] = [HEAD_ROW],
): string {
  return cellKey(row < 0 ? (above[above.length + row] ?? '') : (staffIds[row] ?? ''), dates[column] ?? '');
}
