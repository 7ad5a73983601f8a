// What the reader knows about each layer: how it is labelled, in which order
// it is shown, and whether the reader may hide it.

import type { DisplayScript } from "../bindings/DisplayScript";
import type { Layer } from "../bindings/Layer";
import type { PassageView } from "../bindings/PassageView";
import type { SegmentView } from "../bindings/SegmentView";
import { t } from "../i18n/i18n.svelte";

export interface LayerInfo {
  layer: Layer;
  /** ASCII name for CSS classes and test ids. */
  slug: string;
  /** Label in traditional and simplified script. */
  label: { traditional: string; simplified: string };
  /** Who wrote it, for tooltips, in the interface's language (read when shown). */
  readonly title: string;
  /** Whether the toolbar offers to hide it (經 is always shown). */
  toggle: boolean;
}

// The titles are getters: read where they are shown, they follow a change
// of the interface's language.
export const LAYERS: readonly LayerInfo[] = [
  { layer: "經", slug: "jing", label: { traditional: "經", simplified: "经" }, get title() { return t("reader.layers.jing"); }, toggle: false },
  { layer: "注", slug: "zhu", label: { traditional: "注", simplified: "注" }, get title() { return t("reader.layers.zhu"); }, toggle: true },
  { layer: "疏", slug: "shu", label: { traditional: "疏", simplified: "疏" }, get title() { return t("reader.layers.shu"); }, toggle: true },
  { layer: "音義", slug: "yinyi", label: { traditional: "音義", simplified: "音义" }, get title() { return t("reader.layers.yinyi"); }, toggle: true },
  { layer: "按", slug: "an", label: { traditional: "按", simplified: "按" }, get title() { return t("reader.layers.an"); }, toggle: true },
  { layer: "題", slug: "ti", label: { traditional: "題", simplified: "题" }, get title() { return t("reader.layers.ti"); }, toggle: true },
  { layer: "譯", slug: "yi", label: { traditional: "譯", simplified: "译" }, get title() { return t("reader.layers.yi"); }, toggle: true },
];

const BY_LAYER = new Map(LAYERS.map((l) => [l.layer, l]));

export function layerInfo(layer: Layer): LayerInfo {
  return BY_LAYER.get(layer) ?? LAYERS[0];
}

export function layerLabel(layer: Layer, script: DisplayScript): string {
  const info = layerInfo(layer);
  return script === "simplified" ? info.label.simplified : info.label.traditional;
}

/** The layers the toolbar can switch on and off, in display order. */
export const TOGGLEABLE: readonly Layer[] = LAYERS.filter((l) => l.toggle).map((l) => l.layer);

/** Whether a passage has any 經 (a translation edition's passages do not). */
export function hasJing(p: PassageView): boolean {
  return p.segments.some((s) => s.layer === "經");
}

/**
 * The segments of a passage the reader shows: 經 always; the others when
 * their layer is switched on. A passage without 經 (a translation edition)
 * shows everything it has, since it would otherwise be empty.
 */
export function visibleSegments(p: PassageView, shown: readonly Layer[]): SegmentView[] {
  if (!hasJing(p)) return p.segments;
  return p.segments.filter((s) => s.layer === "經" || shown.includes(s.layer));
}

/** Adds or removes one layer, keeping the canonical order. */
export function toggleLayer(shown: readonly Layer[], layer: Layer): Layer[] {
  const on = !shown.includes(layer);
  return LAYERS.map((l) => l.layer).filter((l) => l !== "經" && (l === layer ? on : shown.includes(l)));
}
