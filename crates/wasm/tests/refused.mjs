import assert from "node:assert/strict";

/** Asserts that `call` throws an error named `name`, and returns it. */
export function refused(call, name) {
  let caught;
  try {
    call();
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof Error, `expected ${name}, got no error`);
  assert.equal(caught.name, name, caught.message);
  assert.ok(caught.message.length > 0);
  return caught;
}
