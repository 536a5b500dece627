/** The Abalone board's stylesheet, inside its SVG. */
export const ABALONE_STYLE = `
.ab-frame{fill:var(--frame)}
.ab-hole{fill:var(--hole);stroke:var(--hole-line);stroke-width:.04}
.ab-cell{cursor:default;outline:none}
.ab-ring{fill:none;stroke:none}
.ab-cell.own{cursor:pointer}
.ab-cell.target{cursor:pointer}
.ab-cell:focus-visible .ab-ring{stroke:var(--focus);stroke-width:.09;fill:none}
.ab-marble.slide{transition:transform var(--ab-ms,220ms) ease-out,opacity var(--ab-ms,220ms)}
.ab-black{fill:#222}
.ab-white{fill:#f4f1ea;stroke:#777;stroke-width:.03}
.ab-shine{fill:#fff;opacity:.35;pointer-events:none}
.ab-sel{fill:none;stroke:var(--focus);stroke-width:.1}
.ab-last{fill:none;stroke:var(--last-line);stroke-width:.08}
.ab-last-from{fill:color-mix(in srgb,var(--last-line) 33%,transparent)}
.ab-arrow{cursor:pointer;outline:none}
.ab-arrow path{fill:var(--focus);stroke:#fff;stroke-width:.04}
.ab-arrow.push path{fill:#c62828}
.ab-arrow:hover path,.ab-arrow:focus-visible path{stroke:#111;stroke-width:.08}
.ab-arrow.previewed path{stroke:#111;stroke-width:.11}
.ab-ghost{opacity:.45;pointer-events:none}
.ab-out{fill:none;stroke:#c62828;stroke-width:.1;pointer-events:none}
.ab-target{fill:color-mix(in srgb,var(--focus) 20%,transparent);pointer-events:none}
.ab-coord{font:600 .3px system-ui,sans-serif;fill:#fff;opacity:.9;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.ab-confirm{margin:.25rem 0;font-weight:600;min-height:1.5em}
`;
