import type { SupportModeDto } from '@rotaboard/core/contracts/auth';
import type { UserDto } from '@rotaboard/core/contracts/users';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { readStorage, removeStorage, writeStorage } from './storage';

/** The impersonation record of spec 2 §3, kept in local storage while support mode lasts. */
export interface SupportModeRecord {
  impersonatedUser: { firstName: string; lastName: string; email: string };
  expiresAt: string;
}

export function readSupportModeRecord(): SupportModeRecord | null {
  const raw = readStorage(STORAGE_KEYS.impersonation);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SupportModeRecord>;
    const user = value.impersonatedUser;
    if (typeof value.expiresAt !== 'string' || !user || typeof user.email !== 'string') return null;
    return {
      impersonatedUser: {
        firstName: String(user.firstName ?? ''),
        lastName: String(user.lastName ?? ''),
        email: user.email,
      },
      expiresAt: value.expiresAt,
    };
  } catch {
    return null;
  }
}

export function writeSupportModeRecord(record: SupportModeRecord): void {
  writeStorage(STORAGE_KEYS.impersonation, JSON.stringify(record));
}

export function clearSupportModeRecord(): void {
  removeStorage(STORAGE_KEYS.impersonation);
}

/** Keeps the record in step with what the server says (it is the truth; the record a convenience). */
export function syncSupportModeRecord(user: UserDto | null, supportMode: SupportModeDto | null): void {
  if (!user || !supportMode) {
    clearSupportModeRecord();
    return;
  }
  writeSupportModeRecord({
    impersonatedUser: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    expiresAt: supportMode.expiresAt,
  });
}
