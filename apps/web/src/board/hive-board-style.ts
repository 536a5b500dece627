/** The Hive board's stylesheet, inside its SVG. */
export const HIVE_STYLE = `
.hv-tile polygon{stroke:#333;stroke-width:.06}
.hv-tile.w polygon{fill:#f7f3e8}
.hv-tile.b polygon{fill:#2b2b2b}
.hv-tile.w{--tile:#f7f3e8}
.hv-tile.b{--tile:#2b2b2b}
.hv-cell{outline:none;cursor:default}
.hv-cell.movable{cursor:pointer}
.hv-cell.target{cursor:pointer}
.hv-cell:focus-visible .hv-focus{stroke:var(--focus);stroke-width:.12;fill:none}
.hv-target{fill:color-mix(in srgb,var(--focus) 27%,transparent);stroke:var(--focus);stroke-width:.06;stroke-dasharray:.15 .1}
.hv-sel{fill:none;stroke:var(--focus);stroke-width:.14}
.hv-last{fill:none;stroke:var(--last-line);stroke-width:.12}
.hv-last-from{fill:none;stroke:var(--last-line);stroke-width:.06;stroke-dasharray:.2 .1}
.hv-badge{fill:#c62828}
.hv-threat-mark{pointer-events:none}
.hv-threat{fill:none;stroke:#c62828;stroke-width:.1;stroke-dasharray:.25 .12;pointer-events:none}
.hv-threat[data-threat="5"]{stroke-width:.17;stroke-dasharray:none}
.hv-threat-b{fill:#c62828;stroke:#fff;stroke-width:.05}
.hv-arrow{stroke:#1565c0;stroke-width:.2;stroke-linecap:round;opacity:.75;fill:none;pointer-events:none}
.hv-arrow-to{fill:none;stroke:#1565c0;stroke-width:.16;opacity:.75;pointer-events:none}
.hv-threat-t{fill:#fff;font:bold .36px sans-serif;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.hv-badge-t{fill:#fff;font:bold .42px sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-start{fill:var(--board-line);font:600 .42px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central;pointer-events:none}
.hv-letter{font:700 .9px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-letter-n{font:700 .34px system-ui,sans-serif;text-anchor:middle;dominant-baseline:central}
.hv-anim{transition:transform 220ms ease-out}
`;
