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
      "folder.catalog": "catalog folders are {folders} and `rules`",
      "folder-misspelled": "did you mean `content/{near}`? rename the folder",
      file: "move it into a catalog folder or delete it",
      "file.chapter": "chapters are `.mdx` files named `NN-slug.mdx`",
      "file.entry": "catalog entries are `.json` files named after their slug",
      "wrong-folder": "move it to `{right}/`",
    },
  },
});
