import { mount } from "svelte";

import App from "./App.svelte";
import { askForFirstView, startupMark } from "./lib/shell/startup";
import { peekStartSettings } from "./lib/shell/settings.svelte";
import "./theme.css";
import "./app.css";

startupMark("main");
// The first view's data is asked for now, so that it travels while the app
// mounts (shell/startup.ts).
askForFirstView(peekStartSettings());

const target = document.getElementById("app");
if (!target) throw new Error("no #app element");
const app = mount(App, { target });
startupMark("mounted");
export default app;
