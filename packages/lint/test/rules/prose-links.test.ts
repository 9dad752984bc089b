// Rule `prose-links`: fixture cases under test/fixtures/rules/prose-links/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("prose-links", {
  "chapter-links": {
    expect: [
      ["unsafe-link", "content/rules/23-vision.mdx", 14, 5, 14, 32], // a `javascript:` link in a chapter
      ["protocol-relative", "content/rules/23-vision.mdx", 14, 37, 14, 60], // `//evil.example/`
    ],
  },
  clean: { expect: [] },
  // written with `\u` escapes, the file's text holds no `](` or `<`: the rule still reads the strings
  "escaped-links": {
    expect: [
      ["unsafe-link", "content/conditions/grabbed.json", 8, 18, 8, 47], // `]` written `\u005d`
      ["unsafe-link", "content/conditions/grabbed.json", 8, 52, 8, 78], // `<` written `\u003c`: an autolink
    ],
  },
  links: {
    expect: [
      ["unsafe-link", "content/conditions/grabbed.json", 8, 18, 8, 42], // a `javascript:` link runs code or smuggles a document
      ["unsupported-scheme", "content/conditions/grabbed.json", 8, 44, 8, 68], // a `ftp:` link
      ["protocol-relative", "content/conditions/grabbed.json", 8, 70, 8, 90], // `//evil.example/` points at another host
      ["backslash", "content/conditions/grabbed.json", 8, 92, 8, 112], // `/\evil.example`
      ["path-escape", "content/conditions/grabbed.json", 8, 117, 8, 137], // `../secret.json`
    ],
  },
});
