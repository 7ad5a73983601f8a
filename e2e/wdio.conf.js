// WebdriverIO drives the real app binary through tauri-driver, which starts
// WebKitWebDriver, which starts the app. e2e/run.sh builds the binary, sets
// SHELI_APP (its path), SHELI_DATA_DIR (a fresh directory) and SHELI_SHOTS
// (where screenshots go), and runs this under Xvfb.
import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

import { shot } from "./specs/helpers.js";

const app = process.env.SHELI_APP;
if (!app || !fs.existsSync(app)) throw new Error(`SHELI_APP must name the built app binary (got ${app})`);

function tauriDriverPath() {
  const own = path.join(os.homedir(), ".cargo", "bin", "tauri-driver");
  return process.env.TAURI_DRIVER || (fs.existsSync(own) ? own : "tauri-driver");
}

/** Resolves once something listens on 127.0.0.1:port. */
async function waitForPort(port, ms = 20000) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`tauri-driver did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// tauri-driver's port (and WebKitWebDriver's, the next one); SHELI_E2E_PORT
// lets two runs share a machine.
const port = Number(process.env.SHELI_E2E_PORT || 4444);

let tauriDriver;
let driverExited = false;

function stopDriver() {
  if (tauriDriver && !driverExited) tauriDriver.kill();
}

let stopping = false;
process.on("exit", stopDriver);

async function startDriver() {
  driverExited = false;
  const driver = spawn(tauriDriverPath(), ["--port", String(port), "--native-port", String(port + 1)], {
    stdio: [null, process.stdout, process.stderr],
  });
  tauriDriver = driver;
  driver.on("error", (e) => {
    console.error(`could not start tauri-driver: ${e.message}`);
    process.exit(1);
  });
  driver.on("exit", (code, signal) => {
    if (driver !== tauriDriver) return;
    driverExited = true;
    if (!stopping) console.error(`tauri-driver exited (code ${code}, signal ${signal}); it is started again for the next spec`);
  });
  await waitForPort(port);
}

export const config = {
  runner: "local",
  hostname: "127.0.0.1",
  port,
  // In this order, one after the other, over one data directory: texts.e2e.js
  // adds a work to the library, so it runs last (the others expect the three
  // built-in works). A spec file not listed here does not run.
  specs: [
    "./specs/app.e2e.js",
    "./specs/nav.e2e.js",
    "./specs/search-cards.e2e.js",
    "./specs/user-data.e2e.js",
    "./specs/notes.e2e.js",
    "./specs/chars.e2e.js",
    "./specs/a11y.e2e.js",
    "./specs/keyboard.e2e.js",
    "./specs/stage.e2e.js",
    // Switches the interface to 繁體中文 and back to English.
    "./specs/locale-plan.e2e.js",
    "./specs/search-refine.e2e.js",
    // A Chinese input method's quote marks and ？; Go-to in 繁體中文 (switches back).
    "./specs/input-method.e2e.js",
    "./specs/texts.e2e.js",
    // A restore and a damaged text behind the window's back (CLI on the same data folder).
    "./specs/reader-library.e2e.js",
    // Thousands of notes and cards (drawn a page at a time), and the app
    // killed mid-edit: late, so the others' views are not that long.
    "./specs/notes-many.e2e.js",
    // Last: its print test leaves GTK's print dialog open until the app exits.
    "./specs/cite.e2e.js",
  ],
  maxInstances: 1,
  capabilities: [
    {
      maxInstances: 1,
      // No browserName: WebdriverIO downloads and starts no browser, and
      // WebKitWebDriver would refuse a name that is not its own. tauri-driver
      // turns tauri:options into webkitgtk:browserOptions (our binary).
      "tauri:options": { application: app },
    },
  ],
  logLevel: "warn",
  bail: 0,
  waitforTimeout: 15000,
  // A request the driver drops or leaves unanswered (once seen on the new
  // session of a browser.reloadSession() under load: tauri-driver logged
  // hyper's IncompleteMessage and the test hung) is tried again after 30 s,
  // up to 3 times; a test may take 150 s, so that a retried restart can
  // still finish inside it (the app starts in seconds; no request needs 30).
  connectionRetryTimeout: 30000,
  connectionRetryCount: 3,
  framework: "mocha",
  reporters: ["spec"],
  mochaOpts: { ui: "bdd", timeout: 150000 },

  // One tauri-driver for the whole run (it serves every session, including
  // the new one of browser.reloadSession()), started by the launcher process.
  // A driver that died (a CI run once lost it between two spec files, and
  // every later session failed with a socket error) is started again before
  // the next spec file, and its death is reported.
  onPrepare: startDriver,
  onWorkerStart: async () => {
    if (driverExited) await startDriver();
  },

  // Every spec file starts at the library, whatever place the one before
  // left (the app opens where the reader last was: settings' place). Set
  // before the settings are read, it also keeps the app from opening the
  // place; a restart within a spec (browser.reloadSession) does open it.
  before: async () => {
    await browser.execute(() => {
      if (location.hash !== "#/library") location.hash = "#/library";
    });
  },

  afterTest: async (test, _context, { passed }) => {
    if (!passed) await shot(`FAILED-${test.title}`).catch(() => {});
  },

  onComplete: () => {
    stopping = true;
    stopDriver();
  },
};
