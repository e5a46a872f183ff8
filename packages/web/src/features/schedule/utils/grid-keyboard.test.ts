import { describe, expect, it } from 'vitest';
import {
  COVERAGE_ROW,
  cellKeyAt,
  cellPosition,
  chipMove,
  gridKeyAction,
  HEAD_ROW,
  type KeyPress,
  OPEN_SHIFTS_ROW,
} from './grid-keyboard';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});
// Three people, a week of seven days; focus on the second person's Wednesday, on its only item.
const size = { rows: 3, columns: 7 };
const middle = { row: 1, column: 2, item: 0, items: 1 };

describe('gridKeyAction', () => {
  it('moves between cells with the arrow keys', () => {
    expect(gridKeyAction(press('ArrowRight'), middle, size)).toEqual({
      kind: 'cell',
      row: 1,
      column: 3,
      at: 'first',
    });
    expect(gridKeyAction(press('ArrowLeft'), middle, size)).toEqual({
      kind: 'cell',
      row: 1,
      column: 1,
      at: 'first',
    });
    expect(gridKeyAction(press('ArrowDown'), middle, size)).toEqual({
      kind: 'cell',
      row: 2,
      column: 2,
      at: 'first',
    });
    // Going up lands on the last item of the cell above, as if walking back through it.
    expect(gridKeyAction(press('ArrowUp'), middle, size)).toEqual({
      kind: 'cell',
      row: 0,
      column: 2,
      at: 'last',
    });
  });

  it("goes through a cell's entries before leaving it up or down", () => {
    const busy = { ...middle, item: 1, items: 3 };
    expect(gridKeyAction(press('ArrowDown'), busy, size)).toEqual({ kind: 'item', index: 2 });
    expect(gridKeyAction(press('ArrowUp'), busy, size)).toEqual({ kind: 'item', index: 0 });
    expect(gridKeyAction(press('ArrowDown'), { ...busy, item: 2 }, size)).toMatchObject({
      kind: 'cell',
      row: 2,
    });
  });

  it('reaches the day headings above the first person, and no further', () => {
    const top = { ...middle, row: 0 };
    expect(gridKeyAction(press('ArrowUp'), top, size)).toEqual({
      kind: 'cell',
      row: -1,
      column: 2,
      at: 'last',
    });
    expect(gridKeyAction(press('ArrowUp'), { ...top, row: -1 }, size)).toEqual({ kind: 'edge' });
  });

  it('walks through the rows above the staff (coverage, open shifts) to the headings', () => {
    // Headings, coverage and open shifts above three people: rows -3, -2 and -1.
    const tall = { ...size, top: 3 };
    expect(gridKeyAction(press('ArrowUp'), { ...middle, row: 0 }, tall)).toMatchObject({ row: -1 });
    expect(gridKeyAction(press('ArrowUp'), { ...middle, row: -1 }, tall)).toMatchObject({ row: -2 });
    expect(gridKeyAction(press('ArrowUp'), { ...middle, row: -2 }, tall)).toMatchObject({ row: -3 });
    expect(gridKeyAction(press('ArrowUp'), { ...middle, row: -3 }, tall)).toEqual({ kind: 'edge' });
    expect(gridKeyAction(press('ArrowDown'), { ...middle, row: -2 }, tall)).toMatchObject({ row: -1 });
    expect(gridKeyAction(press('End'), { ...middle, row: -2 }, tall)).toEqual({
      kind: 'cell',
      row: -2,
      column: 6,
      at: 'first',
    });
    expect(gridKeyAction(press('Home', { ctrlKey: true }), middle, tall)).toMatchObject({
      row: -3,
      column: 0,
    });
  });

  it('stops at the edges', () => {
    expect(gridKeyAction(press('ArrowLeft'), { ...middle, column: 0 }, size)).toEqual({ kind: 'edge' });
    expect(gridKeyAction(press('ArrowRight'), { ...middle, column: 6 }, size)).toEqual({ kind: 'edge' });
    expect(gridKeyAction(press('ArrowDown'), { ...middle, row: 2 }, size)).toEqual({ kind: 'edge' });
  });

  it('goes to the ends of the row with Home and End, and of the grid with Ctrl', () => {
    expect(gridKeyAction(press('Home'), middle, size)).toEqual({
      kind: 'cell',
      row: 1,
      column: 0,
      at: 'first',
    });
    expect(gridKeyAction(press('End'), middle, size)).toEqual({
      kind: 'cell',
      row: 1,
      column: 6,
      at: 'first',
    });
    expect(gridKeyAction(press('Home', { ctrlKey: true }), middle, size)).toEqual({
      kind: 'cell',
      row: -1,
      column: 0,
      at: 'first',
    });
    expect(gridKeyAction(press('End', { ctrlKey: true }), middle, size)).toEqual({
      kind: 'cell',
      row: 2,
      column: 6,
      at: 'first',
    });
  });

  it('deletes with Delete or Backspace', () => {
    expect(gridKeyAction(press('Delete'), middle, size)).toEqual({ kind: 'delete' });
    expect(gridKeyAction(press('Backspace'), middle, size)).toEqual({ kind: 'delete' });
  });

  it('leaves other keys, and arrows with a modifier, to the chip and the browser', () => {
    expect(gridKeyAction(press('Enter'), middle, size)).toBeNull();
    expect(gridKeyAction(press('ArrowRight', { shiftKey: true }), middle, size)).toBeNull();
    expect(gridKeyAction(press('ArrowRight', { altKey: true }), middle, size)).toBeNull();
    expect(gridKeyAction(press('ArrowRight', { ctrlKey: true }), middle, size)).toBeNull();
    expect(gridKeyAction(press('Home', { metaKey: true }), middle, size)).toBeNull();
  });
});

describe('chipMove', () => {
  it('moves with Shift and an arrow, and copies with Alt as well', () => {
    expect(chipMove(press('ArrowDown', { shiftKey: true }))).toEqual({ key: 'ArrowDown', copy: false });
    expect(chipMove(press('ArrowLeft', { shiftKey: true, altKey: true }))).toEqual({
      key: 'ArrowLeft',
      copy: true,
    });
  });

  it('ignores arrows without Shift, with Ctrl or Meta, and other keys', () => {
    expect(chipMove(press('ArrowDown'))).toBeNull();
    expect(chipMove(press('ArrowDown', { shiftKey: true, ctrlKey: true }))).toBeNull();
    expect(chipMove(press('ArrowDown', { shiftKey: true, metaKey: true }))).toBeNull();
    expect(chipMove(press('Enter', { shiftKey: true }))).toBeNull();
  });
});

describe('cell keys', () => {
  const ids = ['ann', 'bob'];
  const dates = ['2026-03-02', '2026-03-03'];

  it('finds a cell by its key, the headings being row -1', () => {
    expect(cellPosition('bob|2026-03-03', ids, dates)).toEqual({ row: 1, column: 1 });
    expect(cellPosition(`${HEAD_ROW}|2026-03-02`, ids, dates)).toEqual({ row: -1, column: 0 });
    expect(cellPosition('carl|2026-03-02', ids, dates)).toBeNull();
    expect(cellPosition('ann|2026-04-01', ids, dates)).toBeNull();
    expect(cellPosition('nonsense', ids, dates)).toBeNull();
  });

  it('makes the key of a row and column, the reverse of cellPosition', () => {
    expect(cellKeyAt(-1, 1, ids, dates)).toBe('head|2026-03-03');
    expect(cellKeyAt(0, 0, ids, dates)).toBe('ann|2026-03-02');
    expect(cellPosition(cellKeyAt(1, 0, ids, dates), ids, dates)).toEqual({ row: 1, column: 0 });
  });

  it('numbers the rows above the staff upwards from -1, the headings on top', () => {
    const above = [HEAD_ROW, COVERAGE_ROW, OPEN_SHIFTS_ROW];
    expect(cellPosition(`${HEAD_ROW}|2026-03-02`, ids, dates, above)).toEqual({ row: -3, column: 0 });
    expect(cellPosition(`${COVERAGE_ROW}|2026-03-03`, ids, dates, above)).toEqual({ row: -2, column: 1 });
    expect(cellPosition(`${OPEN_SHIFTS_ROW}|2026-03-02`, ids, dates, above)).toEqual({
      row: -1,
      column: 0,
    });
    expect(cellPosition('ann|2026-03-02', ids, dates, above)).toEqual({ row: 0, column: 0 });
    // A row not shown is not in the grid.
    expect(cellPosition(`${COVERAGE_ROW}|2026-03-02`, ids, dates)).toBeNull();
    expect(cellKeyAt(-2, 1, ids, dates, above)).toBe('coverage|2026-03-03');
    expect(cellKeyAt(-3, 0, ids, dates, above)).toBe('head|2026-03-02');
    expect(cellKeyAt(-1, 0, ids, dates, above)).toBe('open-shifts|2026-03-02');
  });
});
