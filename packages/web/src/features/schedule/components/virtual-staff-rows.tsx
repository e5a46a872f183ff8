import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useLayoutEffect, useState } from 'react';

// About a busy row: two chips and the add area (bench/grid-render measures 75 px on average).
const ESTIMATED_ROW_HEIGHT = 75;

/** A row of empty space standing in for the rows scrolled out of view. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr>
      <td colSpan={8} aria-hidden="true" style={{ height, padding: 0 }} />
    </tr>
  );
}

/**
 * The staff rows of a large team (week-grid.tsx's VIRTUALIZE_ABOVE): only those in view, and a few
 * either side, with empty space for the rest. Its own chunk, loaded only for such a team: the
 * virtualiser is not needed to see an ordinary week (the schedule's first load, bench/README.md).
 * `scrollTo` is set to bring a row into view (the grid's keyboard, before it focuses a row not drawn).
 */
export function VirtualStaffRows({
  count,
  keyOf,
  renderRow,
  tableRef,
  scrollTo,
}: {
  count: number;
  keyOf: (index: number) => string | number;
  renderRow: (index: number, measure: (node: Element | null) => void) => ReactNode;
  tableRef: RefObject<HTMLTableElement | null>;
  scrollTo: RefObject<((index: number) => void) | null>;
}) {
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 6,
    scrollMargin,
    getItemKey: keyOf,
  });
  scrollTo.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });

  // Where the rows begin on the page (below the header, notices and day notes), for the virtualizer.
  useLayoutEffect(() => {
    const table = tableRef.current;
    // The staff rows' body: the coverage row, when shown, is a body of its own above it.
    const body = table?.querySelector<HTMLTableSectionElement>('tbody[data-staff-rows]');
    if (!table || !body) return;
    const measure = () => setScrollMargin(body.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (table.tHead) observer.observe(table.tHead);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      scrollTo.current = null;
    };
  }, [tableRef, scrollTo]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <>
      <Spacer height={paddingTop} />
      {items.map(({ index }) => renderRow(index, virtualizer.measureElement))}
      <Spacer height={paddingBottom} />
    </>
  );
}

export default VirtualStaffRows;
