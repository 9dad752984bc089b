// Ignore globs matched segment by segment with two pointers, never as a regular expression: a pack's config is untrusted
//
// Hand-written on purpose (a security property, not taste): a glob compiled to a backtracking RegExp, as picomatch and
// minimatch do, takes exponential time on globs such as `**a**a**a**a**ab`, so a hostile pack could stall its own lint.
// Here a glob against a path costs at most (glob length × path length) steps: the greedy wildcard match, which only
// ever returns to the last star, run once over the path's segments (`**`) and once within each segment (`*`, `?`).

/** A glob split into its folders; `**` as a whole segment stands for any number of folders. */
export interface Glob {
  readonly text: string;
  readonly segments: readonly string[];
}

const GLOBSTAR = "**";

/**
 * Compile an ignore glob. `*` is any run of characters within a name, `?` one character, `**` as a whole segment any
 * number of folders; other runs of stars count as one `*` (as in `.gitignore`). A leading `./` and trailing `/` are
 * dropped, and a glob that names a folder covers everything under it.
 */
export function compileGlob(glob: string): Glob {
  const text = glob.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
  const segments = text
    .split("/")
    .map((segment) => (segment === GLOBSTAR ? GLOBSTAR : segment.replace(/\*+/g, "*")));
  // a folder's glob covers what is under it: an implicit `/**` (a repeated one adds nothing)
  if (segments.at(-1) !== GLOBSTAR) segments.push(GLOBSTAR);
  return { text, segments };
}

/** Counts the matcher's steps, for the tests that hold it to its bound. */
export interface GlobWork {
  steps: number;
}

/** Whether a `/`-separated path relative to the configuration's folder matches the glob. */
export function globMatches(glob: Glob, path: string, work?: GlobWork): boolean {
  return matchSequence(glob.segments, path.split("/"), work);
}

/** Folders: `**` takes any run of path segments, every other segment exactly one name. */
function matchSequence(pattern: readonly string[], path: readonly string[], work?: GlobWork): boolean {
  return greedyMatch(
    pattern,
    path.length,
    (segment) => segment === GLOBSTAR,
    (segment, index) => matchSegment(segment, path[index] as string, work),
    work,
  );
}

/** Within one name: `*` any run of characters, `?` exactly one, anything else itself. */
function matchSegment(pattern: string, name: string, work?: GlobWork): boolean {
  return greedyMatch(
    pattern,
    name.length,
    (char) => char === "*",
    (char, index) => char === "?" || char === name[index],
    work,
  );
}

/**
 * The greedy wildcard match over `length` items: a star takes none at first and, on a mismatch, one more; only the
 * last star is ever returned to, since the earlier ones' choices cannot matter any more. O(pattern × items).
 */
function greedyMatch<P>(
  pattern: ArrayLike<P>,
  length: number,
  isStar: (token: P) => boolean,
  matches: (token: P, index: number) => boolean,
  work?: GlobWork,
): boolean {
  let p = 0;
  let i = 0;
  let star = -1;
  let resume = 0;
  while (i < length) {
    if (work) work.steps++;
    const token = pattern[p];
    if (p < pattern.length && isStar(token as P)) {
      star = p++;
      resume = i;
    } else if (p < pattern.length && matches(token as P, i)) {
      p++;
      i++;
    } else if (star >= 0) {
      p = star + 1;
      i = ++resume;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p] as P)) p++;
  return p === pattern.length;
}
