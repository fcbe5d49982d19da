import { describe, expect, it } from '@jest/globals';
import { isUUID } from 'class-validator';
import { timeOrderedUuid } from './time-ordered-uuid.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID with the RFC 4122 variant', () => {
    const id = timeOrderedUuid();
    expect(isUUID(id, 7)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('carries the milliseconds in its first 48 bits', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = timeOrderedUuid(now);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('sorts ids of later milliseconds after earlier ones', () => {
    const ids = [3, 1, 2].map((offset) => timeOrderedUuid(1_790_000_000_000 + offset));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('differs between two ids of the same millisecond', () => {
    expect(timeOrderedUuid(1_790_000_000_000)).not.toBe(timeOrderedUuid(1_790_000_000_000));
  });
});
