// Messages of the `pack` and `untrusted-prose` rules, which the loader reports while it reads a pack (lint checks the rest)
import { PROSE_HELP } from "../prose/lint.ts";
import { defineRule, docsUrl, type RuleMeta } from "../rule.ts";

export const packMeta: RuleMeta = {
  id: "pack",
  description:
    "Homebrew packs have a valid manifest, namespaced ids that never redefine core content, declared dependencies and a compatible rules version",
  defaultSeverity: "error",
  stage: "load",
  docs: docsUrl("pack"),
  notes: { "core-entry": "the core entry" },
  messages: {
    "manifest-missing": "the pack has no `momenta-pack.json`",
    "not-a-directory": "`{path}` is not a folder",
    "content-missing": "the pack has no `content/` folder",
    "content-not-folder": "`content` must be a real folder inside the pack",
    "duplicate-pack": "pack `{id}` is loaded twice (also from `{other}`)",
    "rules-version": "the pack supports Momenta `{range}`, but these rules are version {version}",
    "dependency-self": "the pack lists itself as a dependency",
    "dependency-not-loaded": "dependency `{id}` is not loaded, so references into it cannot be checked",
    "dependency-version": "dependency `{id}` is version {version}, outside the declared range `{range}`",
    "undeclared-dependency":
      "`{raw}` points into pack `{pack}`, which is not a dependency in `momenta-pack.json`",
    "undeclared-patch":
      "the patch of `{id}` changes pack `{pack}`, which is not a dependency in `momenta-pack.json`",
    "id-namespace": "id `{id}` must be `{expected}`: pack entries are namespaced by the pack id",
    "redefines-core-id": "`{id}` is a core id; a pack may not redefine core content",
    "redefines-core-name": "`{name}` is already a core {kind} (`{other}`); a pack may not redefine it",
    "lookalike-core-name":
      "`{name}` looks like the core {kind} `{coreName}` (`{other}`); a pack may not imitate a core name",
    "invisible-character": "`{name}` contains an invisible or direction-changing character ({codes})",
    "file-name": "`{file}` is not a slug: a pack entry file is named `<slug>.json` (a-z, 0-9 and `-`)",
    "chapter-file-name":
      "`{file}` is not a slug: a pack chapter file is named `<slug>.mdx` or `NN-<slug>.mdx` (a-z, 0-9 and `-`)",
    "name-as-id": "`{name}` is written as a {kind} id{core}; a name or alias is text, never an id",
    "core-chapter-number":
      "chapter {number} is the core chapter `{title}`; a pack chapter may not take its number",
    "name-markup":
      "`{name}` holds markup (`{markup}`); a name is plain text, shown as written on every page and in every export",
    "name-too-long":
      "`{name}` is {bytes} bytes long, more than the {limit} a name may have (exports make file names of names)",
    "source-pack": "`source.pack` is `{actual}`, but this pack is `{expected}`",
  },
  help: {
    "id-namespace": 'set `"id": "{expected}"` (or rename the file to match)',
    "id-namespace.chapter": "set `id: {expected}`",
    "redefines-core-id": 'give the pack its own entry: `"id": "{expected}"`',
    "file-name": "rename the file to `{suggestion}.json` and its id to `{suggestedId}`",
    "chapter-file-name": "rename the file to `{suggestion}.mdx`",
    "source-pack": 'set `"pack": "{expected}"`',
    "manifest-missing": "run `momenta init-pack <dir>` to scaffold one",
    "content-missing": "put entries in `content/<folder>/<slug>.json`, as in the core repository",
    "rules-version": "update the pack for these rules, or use a validator of a matching version",
    "dependency-self": "remove it",
    "dependency-version": "load a matching version of the dependency, or widen the range",
    "redefines-core-name": "give the homebrew entry a name of its own",
    "lookalike-core-name": "give the homebrew entry a name of its own, in the letters it is read in",
    "invisible-character": "retype the name without it",
    "name-as-id": "write the name as a reader says it, without `<kind>/`",
    "core-chapter-number":
      "number the pack's chapters after the core book's (from 40), or leave `chapter` out",
    "name-markup": "write the name without `<…>` tags, `&…;` references or addresses",
    "name-too-long": "shorten it; the text of the entry or chapter is the place for detail",
    "dependency-not-loaded": "pass the dependency too: `momenta lint --pack <this pack> --pack <{id}>`",
    "dependency-not-loaded.reference": "pass the dependency too: `--pack <{id}>`",
    "undeclared-dependency": 'add `"{pack}": "<version range>"` to `dependencies` in momenta-pack.json',
    "undeclared-patch":
      'add `"{pack}": "<version range>"` to `dependencies` in momenta-pack.json, or drop the patch',
  },
};

export const untrustedProseRule = defineRule({
  meta: {
    id: "untrusted-prose",
    description:
      "Homebrew prose is plain Markdown: no raw HTML, scripts, event handlers, MDX code, or links out of the rulebook",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("untrusted-prose"),
    messages: {
      script: "a `<script>` element; homebrew prose never runs scripts",
      "event-handler": "`<{tag}>` has an event handler (`{handler}`); homebrew prose never runs scripts",
      "raw-html": "raw HTML `<{tag}>`; homebrew prose is plain Markdown",
      "unsafe-link": "a `{scheme}` link; homebrew prose links only pages of the rulebook",
      "unsupported-scheme": "a `{scheme}` link; only http(s), mailto and relative links are allowed",
      "external-link":
        "the link `{url}` leaves the rulebook; homebrew prose links only pages of the rulebook",
      "protocol-relative": "the link `{url}` starts with `//`, which points at another host",
      backslash: "the link `{url}` holds a `\\`, which browsers read as `/` (another host or folder)",
      "path-escape": "the link `{url}` climbs out of the pack with `..`",
      "broken-reference": "`{marker}` is not part of a reference, so a reader would see it",
      "mdx-code": "{what} is MDX code; homebrew prose is plain Markdown and never runs code",
    },
    help: PROSE_HELP,
  },
});
