/** jsdom has no caret API: tests say where a click lands (`null`: nowhere). */
export function caretAtPoint(at: { node: Text; offset: number } | null): void {
  const d = document as unknown as { caretPositionFromPoint?: () => { offsetNode: Node; offset: number } };
  if (at) d.caretPositionFromPoint = () => ({ offsetNode: at.node, offset: at.offset });
  else delete d.caretPositionFromPoint;
}
