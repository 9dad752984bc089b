// The configuration's ignore globs: what they match, their bound on hostile input, and parity with a RegExp
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileGlob, globMatches } from "./glob.ts";

describe("ignore globs", () => {
  it.each([
    ["content/drafts/**", "content/drafts/a/b.json", true],
    ["content/drafts/**", "content/draftsman.json", false],
    ["content/*.json", "content/a.json", true],
    ["content/*.json", "content/weapons/a.json", false],
    ["**/dagger.json", "content/weapons/dagger.json", true],
    ["**/dagger.json", "dagger.json", true],
    ["content/weapons", "content/weapons/dagger.json", true],
    ["./content/weapons/", "content/weapons/dagger.json", true],
    ["content/weapon?.json", "content/weapons.json", true],
    ["content/(a).json", "content/a.json", false],
    ["content/(a).json", "content/(a).json", true],
    ["content/[ab].json", "content/a.json", false],
    ["content/a+.json", "content/aa.json", false],
    ["content/**/*.mdx", "content/rules/01-intro.mdx", true],
    ["content/**/*.mdx", "content/01-intro.mdx", true],
    ["content/**/*.mdx", "content/rules/01-intro.json", false],
    ["content/**/rules/**/x.json", "content/a/b/rules/c/d/x.json", true],
    ["content/**/rules/**/x.json", "content/a/b/rule/c/d/x.json", false],
    ["**", "anything/at/all.json", true],
    ["*", "content/a.json", true],
    ["*.json", "content/a.json", false],
    ["content/d*s/*.json", "content/drafts/a.json", true],
    ["content/d*s/*.json", "content/drafts/more/a.json", false],
    // other runs of stars are one `*`, as in .gitignore: they stay within a name
    ["content/a**b.json", "content/axxb.json", true],
    ["content/a**b.json", "content/a/b.json", false],
    ["content/?.json", "content/ab.json", false],
    ["content/?/a.json", "content//a.json", false],
    ["/content/a.json", "content/a.json", false],
  ])("%s matches %s: %s", (glob, file, matches) => {
    expect(globMatches(compileGlob(glob), file)).toBe(matches);
  });

  // a backtracking RegExp took about ten times longer per `**a` on a 60-character path (0.3, 5.7, 48 ms for 3, 4, 5
  // of them): the matcher's steps are counted and held to (glob length + 1) × (path length + 1), whatever the shape
  it.each([
    ["**a".repeat(85).slice(0, 256), "a".repeat(60)],
    [`${"*a".repeat(127)}b`, "a".repeat(200)],
    [`*${"a".repeat(254)}b`, "a".repeat(250)],
    [`${"**/a/".repeat(51)}b`, `${"a/".repeat(120)}c`],
    [`${"**/*a*/".repeat(36)}b`, `${"xax/".repeat(60)}c`],
  ])("a hostile glob stays within its bound: %s", (glob, file) => {
    const work = { steps: 0 };
    expect(globMatches(compileGlob(glob), file, work)).toBe(false);
    expect(work.steps).toBeLessThanOrEqual((glob.length + 1) * (file.length + 1));
  });

  // the matcher against the RegExp it replaced (with `.gitignore`'s runs of stars), on generated globs and paths
  it("matches as the regular expression would", () => {
    const reference = (glob: string): RegExp => {
      // runs of `**` segments mean one, so the reference writes one
      const segments = glob
        .replace(/^(?:\.\/)+/, "")
        .replace(/\/+$/, "")
        .split("/")
        .filter((segment, index, all) => !(segment === "**" && all[index - 1] === "**"));
      let body = "";
      segments.forEach((segment, index) => {
        const first = index === 0;
        if (segment === "**") {
          if (index === segments.length - 1) body += first ? ".*" : "(?:/.*)?";
          else body += first ? "(?:[^/]*/)*" : "(?:/[^/]*)*";
          return;
        }
        if (!first && !(index === 1 && segments[0] === "**")) body += "/";
        body += segment
          .replace(/\*+/g, "*")
          .split("")
          .map((char) =>
            char === "*" ? "[^/]*" : char === "?" ? "[^/]" : char.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
          )
          .join("");
      });
      return new RegExp(`^${body}(?:/.*)?$`);
    };
    const segment = fc.stringMatching(/^(?:\*\*|[ab?*]{1,3})$/);
    const globs = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
    const paths = fc
      .array(fc.stringMatching(/^[ab]{1,3}$/), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.join("/"));
    fc.assert(
      fc.property(globs, paths, (glob, path) => {
        expect(globMatches(compileGlob(glob), path)).toBe(reference(glob).test(path));
      }),
      { numRuns: 2000 },
    );
  });
});
