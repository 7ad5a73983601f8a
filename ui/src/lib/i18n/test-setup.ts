// Vitest: the three languages' messages loaded before every test file, so
// that a test's setLocale("zh-Hant") switches at once, as the app's does
// once a language has been loaded (i18n.svelte.ts, loadLocale).
import { loadLocale } from "./i18n.svelte";

await Promise.all([loadLocale("zh-Hant"), loadLocale("zh-Hans")]);
