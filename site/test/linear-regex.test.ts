// The site's regular expressions on untrusted prose stay linear: the inputs that made them retry a whole run
import { proseExcerpt } from "@momenta/render";
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../test/support/growth.ts";

describe("previews", () => {
  it("excerpts 100,000 blank lines before a list marker in linear time", () => {
    const growth = measureGrowth(
      (n) => `${"\n".repeat(n)}- x`,
      (text) => proseExcerpt(text),
      10_000,
    );
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    expect(proseExcerpt("Intro.\n\n  - first\n1. second")).toBe("Intro. first second");
  });
});
