import { describe, expect, it } from 'vitest';
import { neighbourInList } from './list-keyboard-sensor';

describe('neighbourInList', () => {
  // Map order is not screen order: the rects decide.
  const rects = new Map([
    ['c', { top: 200 }],
    ['a', { top: 0 }],
    ['b', { top: 100 }],
  ]);

  it('steps up and down by position on screen', () => {
    expect(neighbourInList(rects, 'c', -1)).toBe('b');
    expect(neighbourInList(rects, 'a', 1)).toBe('b');
  });

  it('stops at the ends and for unknown ids', () => {
    expect(neighbourInList(rects, 'a', -1)).toBeNull();
    expect(neighbourInList(rects, 'c', 1)).toBeNull();
    expect(neighbourInList(rects, 'x', 1)).toBeNull();
  });
});
