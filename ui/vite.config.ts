/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";

// The app embeds ui/dist (see src-tauri/tauri.conf.json). No remote assets:
// fonts are the system's (Noto CJK), and the CSP allows only 'self'.
export default defineConfig({
  plugins: [svelte()],
  clearScreen: false,
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    // Keep everything in files: the CSP forbids inline scripts and data: fonts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, strictPort: true },
  // Component tests mount Svelte in jsdom: use Svelte's browser build.
  resolve: process.env.VITEST ? { conditions: ["browser"] } : undefined,
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts"],
    // Every language's messages loaded, as the app loads them when spoken.
    setupFiles: ["src/lib/i18n/test-setup.ts"],
  },
});
