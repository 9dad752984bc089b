// Rules of homebrew packs: `pack` (manifest, namespaced ids, dependencies, rules version) and `untrusted-prose`
import { defineRule, docsUrl } from "../rule.ts";

export const packRule = defineRule({
  meta: {
    id: "pack",
    description:
      "Homebrew packs have a valid manifest, namespaced ids that never redefine core content, declared dependencies and a compatible rules version",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("pack"),
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
      "id-namespace": "id `{id}` must be `{expected}`: pack entries are namespaced by the pack id",
      "redefines-core-id": "`{id}` is a core id; a pack may not redefine core content",
      "redefines-core-name": "`{name}` is already a core {kind} (`{other}`); a pack may not redefine it",
      "source-pack": "`source.pack` is `{actual}`, but this pack is `{expected}`",
    },
  },
});

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
  },
});

export const PACK_RULES = [packRule, untrustedProseRule] as const;
