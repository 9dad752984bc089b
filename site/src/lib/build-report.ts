// Astro integration: after the build, report unresolved references (and fail with MOMENTA_STRICT_LINKS=1)
import type { AstroIntegration } from "astro";
import { unresolvedReferences } from "./references.ts";

export function buildReport(): AstroIntegration {
  return {
    name: "momenta-build-report",
    hooks: {
      "astro:build:done": ({ logger }) => {
        const unresolved = unresolvedReferences();
        if (unresolved.length === 0) {
          logger.info("every reference resolved");
          return;
        }
        for (const reference of unresolved) {
          logger.warn(
            `unresolved reference ${reference.raw} in ${reference.from || "(site page)"}: ${reference.reason}`,
          );
        }
        logger.warn(`${unresolved.length} unresolved reference(s), marked on the pages with .ref-unresolved`);
        if (process.env.MOMENTA_STRICT_LINKS === "1")
          throw new Error("unresolved references (MOMENTA_STRICT_LINKS=1)");
      },
    },
  };
}
