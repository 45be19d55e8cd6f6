// The slice of node:test and node:assert/strict the renderer tests use, typed without pulling in @types/node.
export declare function test(name: string, fn: () => void | Promise<void>): void;

type ErrorCheck = RegExp | ((error: unknown) => boolean) | object;

export declare const assert: {
  (value: unknown, message?: string): asserts value;
  ok(value: unknown, message?: string): asserts value;
  // No `asserts actual is T`: comparing with `[]` would narrow the value to never[] for the rest of a test.
  equal(actual: unknown, expected: unknown, message?: string): void;
  notEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  notDeepEqual(actual: unknown, expected: unknown, message?: string): void;
  match(value: string, pattern: RegExp, message?: string): void;
  throws(fn: () => unknown, expected?: ErrorCheck, message?: string): void;
  rejects(promise: Promise<unknown> | (() => Promise<unknown>), expected?: ErrorCheck, message?: string): Promise<void>;
};
