import { describe, expect, it } from 'vitest';
import { engineLabel, messageProblem, usageSpent, usageText } from './assistant-text';

describe('usageText', () => {
  it('says how many of the month’s messages are used and when they reset', () => {
    expect(usageText({ used: 12, limit: 300, resetsAt: '2026-12-01T00:00:00.000Z' })).toBe(
      '12 of 300 messages this month, resets 1 Dec',
    );
  });
  it('leaves the reset out when the date cannot be read', () => {
    expect(usageText({ used: 0, limit: 1, resetsAt: 'soon' })).toBe('0 of 1 message this month');
  });
});

describe('usageSpent', () => {
  it('is spent at the limit and past it, not before, and not while unknown', () => {
    expect(usageSpent({ used: 300, limit: 300, resetsAt: '' })).toBe(true);
    expect(usageSpent({ used: 301, limit: 300, resetsAt: '' })).toBe(true);
    expect(usageSpent({ used: 299, limit: 300, resetsAt: '' })).toBe(false);
    expect(usageSpent(undefined)).toBe(false);
  });
});

describe('engineLabel', () => {
  it('names the built-in assistant and the model apart', () => {
    expect(engineLabel('built-in')).toBe('Built-in assistant');
    expect(engineLabel('model')).toBe('AI model');
  });
});

describe('messageProblem', () => {
  it('refuses an empty or blank message', () => {
    expect(messageProblem('')).toMatch(/Type what you would like changed/);
    expect(messageProblem('  \n ')).toMatch(/Type what you would like changed/);
  });
  it('refuses a message longer than the server takes', () => {
    expect(messageProblem('a'.repeat(1000))).toBeNull();
    expect(messageProblem('a'.repeat(1001))).toBe('A message can be at most 1000 characters.');
  });
  it('refuses control characters but keeps line breaks', () => {
    expect(messageProblem('Give Ava\u0000 Monday')).toBe('The message cannot contain control characters.');
    expect(messageProblem('Give Ava Monday\nand Tuesday')).toBeNull();
  });
});
