import assert from "node:assert/strict";
import { PROPERTY_RUNS } from "./_arbitraries.ts";
import fc from "fast-check";
import { isCssColor, NAMED_COLORS } from "../../mod.ts";

Deno.test("isCssColor() accepts hex, names and the functional forms", () => {
  for (
    const color of [
      "#fff",
      "#FFFA",
      "#c9b458",
      "#6aaa64",
      "#11223344",
      "red",
      "Teal",
      "REBECCAPURPLE",
      "transparent",
      "rgb(1,2,3)",
      "rgb(1, 2, 3)",
      "rgba(1, 2, 3, 0.5)",
      "rgb(10% 20% 30%)",
      "rgb(10 20 30 / 50%)",
      "hsl(120, 50%, 50%)",
      "hsl(120deg 50% 50%)",
      "hsla(0.5turn, 10%, 10%, .3)",
    ]
  ) assert.ok(isCssColor(color), color);
  assert.equal(NAMED_COLORS.length, 149);
});

Deno.test("isCssColor() refuses everything else", () => {
  for (
    const color of [
      "",
      "#",
      "#ff",
      "#fffff",
      "#ggg",
      "redd",
      "red ",
      " red",
      "rgb()",
      "rgb(1,2)",
      "rgb(1,2,3,4,5)",
      "hsl(a,b,c)",
      'red"',
      "red<",
      "#fff>",
      "&amp;",
      "url(#a)",
      "var(--x)",
      "currentColor;",
      "rgb(1,2,3))",
    ]
  ) assert.ok(!isCssColor(color), color);
});

Deno.test("property: nothing isCssColor() accepts can break out of an attribute", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 30 }),
        fc.string({
          unit: fc.constantFrom(...'rgbhsla(),/%0123456789 .deg#fF"<>&'),
          maxLength: 30,
        }),
      ),
      (value) => {
        if (isCssColor(value)) assert.ok(!/["<>&']/.test(value), value);
      },
    ),
    { numRuns: 2 * PROPERTY_RUNS },
  );
});
