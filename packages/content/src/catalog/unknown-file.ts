// Rule `unknown-file`: files and folders in content/ that no content kind owns, so nothing reads them
import { defineRule, docsUrl } from "../rule.ts";

export const unknownFileRule = defineRule({
  meta: {
    id: "unknown-file",
    description: "Every file in content/ belongs to a catalog folder (JSON) or to rules/ (MDX)",
    defaultSeverity: "warn",
    stage: "load",
    docs: docsUrl("unknown-file"),
    messages: {
      folder: "`{folder}` is not a catalog folder, so its files are not loaded",
      "folder-misspelled":
        "`{folder}` is not a catalog folder, so its files are not loaded (an error: its name is a typo)",
      file: "`{path}` is not a {expected} file, so it is not loaded",
      "wrong-folder": "`{id}` is a {kind}, but it is in `{folder}/`, which holds {folderKind} entries",
    },
    help: {
      folder: "move it into a catalog folder or delete it",
      "folder-misspelled": "rename it to the catalog folder it is close to",
      file: "move it into a catalog folder or delete it",
      "wrong-folder": "move it to `{right}/`",
    },
  },
});
