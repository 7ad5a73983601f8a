// "Copy as citation": the text, the work and the passage id.

import type { Layer } from "./bindings/Layer";
import type { PassageView } from "./bindings/PassageView";

/**
 * `「text」(《儀禮·鄉射禮》, 儀禮註疏, xiangshe.zhushu.0001)`. The text is the
 * 經 of the passage (or, without 經, everything shown), in the script shown.
 */
export function citation(p: PassageView, layers: readonly Layer[] = ["經"]): string {
  let text = p.segments
    .filter((s) => layers.includes(s.layer))
    .map((s) => s.text)
    .join("");
  if (!text) text = p.segments.map((s) => s.text).join("");
  const classic = p.script === "simplified" ? "仪礼" : "儀禮";
  return `「${text}」(《${classic}·${p.title}》, ${p.edition}, ${p.id})`;
}

/**
 * Writes `text` to the clipboard with the webview's own API (no plugin);
 * falls back to a hidden textarea and `execCommand` where the async API is
 * missing or refused. Resolves to whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older way
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}
