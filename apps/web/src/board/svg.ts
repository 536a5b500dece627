/** The boards draw with plain SVG elements made here, so every board builds its nodes the same way. */
const SVG_NS = 'http://www.w3.org/2000/svg';

/** A new SVG element of the given tag with its attributes set. */
export const el = <K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] => {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};
