// isContentFile: the one test of what a watch, the dev server and the language server treat as a content file
import { describe, expect, it } from "vitest";
import { isContentFile } from "./walk.ts";

describe("isContentFile", () => {
  it("takes entries and chapters, by name or path", () => {
    expect(isContentFile("hindered.json")).toBe(true);
    expect(isContentFile("conditions/hindered.json")).toBe(true);
    expect(isContentFile("/repo/content/rules/20-attacking.mdx")).toBe(true);
  });

  it("leaves out an editor's and `sed -i`'s temp files and dot files", () => {
    for (const name of [
      "conditions/sedBykj7I",
      "rules/4913",
      ".hindered.json.swp",
      "conditions/.x.json",
      "a.json~",
    ])
      expect(isContentFile(name), name).toBe(false);
    // only the file's own name counts: a folder's dot is not the file's
    expect(isContentFile("content.d/x.json")).toBe(true);
  });
});
