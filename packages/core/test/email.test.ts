import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from '../src/contracts/common.ts';
import { checkEmailAddress } from '../src/input/email.ts';

/** What the server's zod schema answers, in the shape of checkEmailAddress. */
function serverAnswer(raw: string) {
  const parsed = EmailAddress.safeParse(raw);
  return parsed.success ? { email: parsed.data } : { problem: parsed.error.issues[0]!.message };
}

describe('the email rule without zod (the sign-in form) and EmailAddress (the server)', () => {
  const cases = [
    '',
    '   ',
    'ava@example.com',
    '  Ava.Adams@Example.CO.uk ',
    'ava@example',
    'ava@@example.com',
    '.ava@example.com',
    'ava..adams@example.com',
    'ava.@example.com',
    "o'neil+rota@example.com",
    'ava@-example.com',
    'ava@example.c',
    'ava@exa_mple.com',
    'ävä@example.com',
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(244)}@example.com`,
    'ava@example.com\n',
    'ava @example.com',
  ];
  it.each(cases)('agree on %j', (raw) => {
    expect(checkEmailAddress(raw)).toEqual(serverAnswer(raw));
  });

  it('agree on generated addresses and near-misses', () => {
    const local = fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,20}$/);
    const domain = fc.stringMatching(/^[A-Za-z0-9.\-_]{0,20}$/);
    const address = fc.oneof(
      fc.emailAddress(),
      fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`),
      fc
        .tuple(fc.constantFrom('', ' ', '  '), fc.emailAddress(), fc.constantFrom('', ' ', '\t'))
        .map((p) => p.join('')),
      fc.string(),
    );
    fc.assert(
      fc.property(address, (raw) => {
        expect(checkEmailAddress(raw)).toEqual(serverAnswer(raw));
      }),
      { numRuns: 2000, seed: 20_261_124 },
    );
  });
});
