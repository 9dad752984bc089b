// The first lint answers the open documents from its load before the rules run over the rest: as the full lint does
import { lintContentSync } from "@momenta/lint";
import { expect, it } from "vitest";
import { Project } from "./project.ts";
import { REPO } from "./testing/client.ts";

const SHIFT = "content/maneuvers/shift.json";
const HINDERED = "content/conditions/hindered.json";

it("answers the open files from the load, then lints the rest from the same load", () => {
  const full = lintContentSync({ root: REPO });
  const of = (file: string) => full.diagnostics.filter((d) => d.file === file);
  const project = new Project(REPO);
  expect(project.answerFirst([SHIFT])).toBeUndefined(); // nothing loaded yet
  expect(project.loadFirst()).toBe(true);
  expect(project.loadFirst()).toBe(false); // one load
  const early = project.answerFirst([SHIFT, HINDERED]);
  expect(early).toEqual(
    new Map([
      [SHIFT, of(SHIFT)],
      [HINDERED, of(HINDERED)],
    ]),
  );
  expect(early?.get(SHIFT)?.length).toBeGreaterThan(0);
  expect(project.linted).toBe(false);
  const { diagnostics } = project.lint();
  expect([...diagnostics.values()].flat()).toEqual(full.diagnostics);
  expect(project.answerFirst([SHIFT])).toBeUndefined(); // the first lint is done
});

it("gives no early answer while an editor text differs from the disk: the lint takes it", () => {
  const project = new Project(REPO);
  project.setText(SHIFT, "{");
  expect(project.loadFirst()).toBe(false);
  expect(project.lint().diagnostics.get(SHIFT)?.[0]?.ruleId).toBe("parse");
});
