import { mount } from "svelte";

import App from "./App.svelte";
import { startupMark } from "./lib/shell/startup";
import "./theme.css";
import "./app.css";

startupMark("main");

const target = document.getElementById("app");
if (!target) throw new Error("no #app element");
const app = mount(App, { target });
startupMark("mounted");
export default app;
