// scripts/third-party-notices.sh, run in ui/: builds the UI in memory (ui's
// own vite.config.ts, nothing written) and prints the npm packages whose
// modules the bundle holds, one name@version a line. These, not package.json's
// "dependencies", are what the app embeds: Svelte's runtime (a devDependency,
// compiled into the bundle) is there; its compiler is not.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ui = process.cwd();
const require = createRequire(path.join(ui, "package.json"));
const { build } = await import(pathToFileURL(require.resolve("vite")).href);

const found = new Map();
const record = {
  name: "sheli-record-bundled-packages",
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      for (const id of chunk.moduleIds ?? Object.keys(chunk.modules ?? {})) {
        const m = id.replace(/\\/g, "/").match(/^\0?(.*\/node_modules\/)((?:@[^/]+\/)?[^/]+)\//);
        if (!m || found.has(m[1] + m[2])) continue;
        const pkg = JSON.parse(readFileSync(path.join(m[1] + m[2], "package.json"), "utf8"));
        found.set(m[1] + m[2], `${pkg.name}@${pkg.version}`);
      }
    }
  },
};
await build({ root: ui, logLevel: "silent", plugins: [record], build: { write: false } });
console.log([...new Set(found.values())].sort().join("\n"));
