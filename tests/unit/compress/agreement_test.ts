import assert from "node:assert/strict";
import { Agreement } from "../../../lib/compress/_agreement.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

/** An agreement whose handed-on bytes are kept as text. */
function agreement(): { agreed: Agreement; given: () => string } {
  const parts: string[] = [];
  const agreed = new Agreement((data) =>
    parts.push(new TextDecoder().decode(data))
  );
  return { agreed, given: () => parts.join("") };
}

Deno.test("Agreement hands on what both decoders gave, however each cut it", () => {
  const { agreed, given } = agreement();
  const a = agreed.ondata(0), b = agreed.ondata(1);
  a(bytes("abc"));
  assert.equal(given(), "", "nothing before the other side has it");
  b(bytes("a"));
  b(bytes("bcdef"));
  assert.equal(given(), "abc");
  a(bytes(""));
  a(bytes("defgh"));
  assert.equal(given(), "abcdef");
  assert.equal(agreed.open, true);
});

Deno.test("Agreement stops where the decoders differ, and gives nothing after", () => {
  const { agreed, given } = agreement();
  const a = agreed.ondata(0), b = agreed.ondata(1);
  a(bytes("same text, then garbage"));
  b(bytes("same text, then the rest"));
  assert.equal(given(), "same text, then ");
  assert.equal(agreed.open, false);
  a(bytes("more"));
  b(bytes("more"));
  assert.equal(given(), "same text, then ");
});

Deno.test("Agreement: a decoder that ended is waited for only while the other can still match it", () => {
  const { agreed, given } = agreement();
  const a = agreed.ondata(0), b = agreed.ondata(1);
  a(bytes("abcdef"));
  b(bytes("ab"));
  agreed.end(0);
  assert.equal(agreed.open, true, "the other may still give cdef");
  b(bytes("cdefgh"));
  assert.equal(given(), "abcdef");
  assert.equal(agreed.open, false, "nothing the ended one gave is left");
  agreed.end(1);
  assert.equal(agreed.open, false);
});
