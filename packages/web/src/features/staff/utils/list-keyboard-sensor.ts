import type { Activators, SensorInstance, SensorProps, UniqueIdentifier } from '@dnd-kit/core';

const START = ['Space', 'Enter'];
const END = ['Space', 'Enter'];
const CANCEL = ['Escape'];

/** The id one step up (-1) or down (+1) from `current` in a vertical list of rects; null at an end. */
export function neighbourInList(
  rects: ReadonlyMap<UniqueIdentifier, { top: number }>,
  current: UniqueIdentifier,
  step: -1 | 1,
): UniqueIdentifier | null {
  const ordered = [...rects.entries()].sort((a, b) => a[1].top - b[1].top).map(([id]) => id);
  const index = ordered.indexOf(current);
  if (index < 0) return null;
  return ordered[index + step] ?? null;
}

/**
 * Keyboard reordering for one vertical sortable list: Space or Enter lifts the focused handle, the up
 * and down arrows move it one place, Space or Enter drops it and Escape cancels.
 *
 * Unlike dnd-kit's general KeyboardSensor it steps by position in the list rather than by pixels and
 * never scrolls the page instead of moving, so every key press moves exactly one place, however
 * quickly the keys come and wherever the list sits on the page.
 */
export interface ListKeyboardSensorOptions {
  /**
   * Told where the row is headed after every key press. The drop should use this rather than
   * dnd-kit's `over`, which catches up a frame later (after the page scrolls, say).
   */
  onTargetChange?: (target: UniqueIdentifier) => void;
}

export class ListKeyboardSensor implements SensorInstance {
  autoScrollEnabled = false;
  private target: UniqueIdentifier;
  private readonly props: SensorProps<ListKeyboardSensorOptions>;
  private readonly startScrollY: number;
  /** Where every row is as the drag begins (dnd-kit measures its own a little later). */
  private readonly rects = new Map<UniqueIdentifier, { top: number; height: number }>();

  constructor(props: SensorProps<ListKeyboardSensorOptions>) {
    this.props = props;
    this.target = props.active;
    this.startScrollY = window.scrollY;
    for (const container of props.context.current.droppableContainers.getEnabled()) {
      const rect = container.node.current?.getBoundingClientRect();
      if (rect) this.rects.set(container.id, { top: rect.top, height: rect.height });
    }
    this.handleKeyDown = this.handleKeyDown.bind(this);
    props.options.onTargetChange?.(props.active);
    props.onStart({ x: 0, y: 0 });
    // Listening at once (not a tick later) so no key is missed; the key that lifted is skipped below.
    document.addEventListener('keydown', this.handleKeyDown);
    window.addEventListener('resize', this.cancel);
  }

  static activators: Activators<ListKeyboardSensorOptions> = [
    {
      eventName: 'onKeyDown',
      handler: (event: React.KeyboardEvent, _options, { active }) => {
        if (!START.includes(event.nativeEvent.code)) return false;
        const activator = active.activatorNode.current;
        if (activator && event.target !== activator) return false;
        event.preventDefault();
        return true;
      },
    },
  ];

  private handleKeyDown(event: KeyboardEvent) {
    if (event === this.props.event) return;
    if (END.includes(event.code)) {
      event.preventDefault();
      this.detach();
      this.props.onEnd();
      return;
    }
    if (CANCEL.includes(event.code)) {
      event.preventDefault();
      this.cancel();
      return;
    }
    if (event.code !== 'ArrowUp' && event.code !== 'ArrowDown') {
      if (event.code.startsWith('Arrow') || event.code === 'Tab') event.preventDefault();
      return;
    }
    event.preventDefault();
    const next = neighbourInList(this.rects, this.target, event.code === 'ArrowUp' ? -1 : 1);
    const from = this.rects.get(this.props.active);
    const to = next === null ? undefined : this.rects.get(next);
    if (next === null || !from || !to) return;
    this.target = next;
    this.props.options.onTargetChange?.(next);
    // Centre on the target, so it is the closest
    // droppable whatever the rows' heights.
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    this.scrollToShow(to);
    // dnd-kit adds the page's scroll since the start to the move; take it back out.
    this.props.onMove({ x: 0, y: dy - (window.scrollY - this.startScrollY) });
  }

  /** Scrolls the page (instantly) so the place the row moves to is in view, below the sticky header. */
  private scrollToShow(rect: { top: number; height: number }) {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    const margin = 8;
    const top = rect.top + this.startScrollY;
    const bottom = top + rect.height;
    const viewTop = window.scrollY + header + margin;
    const viewBottom = window.scrollY + window.innerHeight - margin;
    if (top < viewTop) window.scrollTo({ top: top - header - margin, behavior: 'instant' });
    else if (bottom > viewBottom)
      window.scrollTo({ top: bottom - window.innerHeight + margin, behavior: 'instant' });
  }

  private cancel = () => {
    this.detach();
    this.props.onCancel();
  };

  private detach() {
    document.removeEventListener('keydown', this.handleKeyDown);
    window.removeEventListener('resize', this.cancel);
  }
}
