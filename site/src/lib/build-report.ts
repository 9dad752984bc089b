// Astro integration: after the build, record its packs and report unresolved references (and fail with MOMENTA_STRICT_LINKS=1)
import { fileURLToPath } from "node:url";
import { unresolvedReferences } from "@momenta/render";
import type { AstroIntegration } from "astro";
import { packsDigest, writeBuildRecord } from "./build-record.ts";
import { packFolders } from "./content.ts";

export function buildReport(): AstroIntegration {
  return {
    name: "momenta-build-report",
    hooks: {
      "astro:build:done": ({ dir, logger }) => {
        // `npm run pdf` and `cards` reuse a fresh dist only when it was built with the packs they print
        writeBuildRecord(fileURLToPath(dir), { packs: packsDigest(packFolders()) });
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
