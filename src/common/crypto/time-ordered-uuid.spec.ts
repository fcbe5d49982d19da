import { describe, expect, it } from '@jest/globals';
import { isUUID } from 'class-validator';
import { timeOrderedUuid, timeOrderedUuidLowerBound } from './time-ordered-uuid.js';

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

describe('timeOrderedUuidLowerBound', () => {
  const instant = Date.UTC(2026, 10, 27, 10, 0, 0, 456);

  it('is a version 7 UUID of the instant with every random bit zero', () => {
    const bound = timeOrderedUuidLowerBound(instant);
    expect(isUUID(bound, 7)).toBe(true);
    expect(Number.parseInt(bound.slice(0, 8) + bound.slice(9, 13), 16)).toBe(instant);
    expect(bound.slice(14)).toBe('7000-8000-000000000000');
  });

  it('sorts before every id of its millisecond and after every id of the millisecond before', () => {
    const bound = timeOrderedUuidLowerBound(instant);
    const sameMillisecond = Array.from({ length: 1000 }, () => timeOrderedUuid(instant));
    const millisecondBefore = Array.from({ length: 1000 }, () => timeOrderedUuid(instant - 1));
    expect(sameMillisecond.every((id) => id >= bound)).toBe(true);
    expect(millisecondBefore.every((id) => id < bound)).toBe(true);
    // The extremes the random bits allow: the largest id of the millisecond before, the smallest of this one.
    const previous = (instant - 1).toString(16).padStart(12, '0');
    expect(`${previous.slice(0, 8)}-${previous.slice(8, 12)}-7fff-bfff-ffffffffffff` < bound).toBe(true);
    expect(timeOrderedUuidLowerBound(instant - 1) < bound).toBe(true);
  });

  it("is the lower bound of a fractional instant's millisecond", () => {
    expect(timeOrderedUuidLowerBound(instant + 0.9)).toBe(timeOrderedUuidLowerBound(instant));
  });
});
