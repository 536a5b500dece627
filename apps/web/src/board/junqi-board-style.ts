/**
 * The Junqi board's stylesheet, added to the page once, when the first board is made.
 *
 * The outline of the army to move marches for eight rounds (about ten seconds) after the board is drawn, then stands
 * still, dashed: it says whose turn it has become, and an endless march repaints the whole board at every frame for
 * as long as a game is open (measured: about 0.4 of a core of software rendering per open page; docs/BENCHMARKS.md,
 * "Test suite"). The outline is drawn again, marching again, whenever the turn passes.
 */
const STYLE = `
svg.jq-board{display:block;width:100%;height:auto;touch-action:manipulation;user-select:none;-webkit-user-select:none;background:none;border-radius:10px}
svg.jq-board.interactive,svg.jq-board.zoomed{touch-action:none}
.jq-sheet{fill:var(--board);stroke:var(--board-line);stroke-width:2}
.jq-area{fill-opacity:.09}
.jq-frontier{fill:var(--board-line);fill-opacity:.12}
.jq-mountain{fill:var(--board-line);fill-opacity:.45}
.jq-centre{fill:var(--board-line);fill-opacity:.07}
.jq-roads path{stroke:var(--board-line);fill:none;stroke-opacity:.8}
.jq-rails-under path{stroke:#1d1d1d;fill:none;stroke-linecap:round}
.jq-rails-over path{stroke:#f4ecd8;fill:none}
.jq-post{fill:var(--post);stroke:var(--board-line);stroke-width:1.4}
.jq-camp{fill:var(--post);stroke:var(--board-line);stroke-width:1.6}
.jq-hq{fill:color-mix(in srgb,var(--board) 55%,var(--post));stroke:var(--board-line);stroke-width:1.6}
.jq-hq-in{fill:none;stroke:var(--board-line);stroke-width:.8;stroke-opacity:.6}
.jq-zone{fill:none;pointer-events:none}
.jq-zone.active{stroke-width:4;stroke-dasharray:10 6;animation:jq-march 1.2s linear 8}
.jq-zone.out{fill:#555;fill-opacity:.35}
@keyframes jq-march{to{stroke-dashoffset:-16}}
.jq-caption rect{fill:#23412f;fill-opacity:.85}
.jq-caption text{fill:#fff;font-weight:600}
.jq-mark{fill:none;pointer-events:none}
.jq-mark.from{stroke:var(--last-line);stroke-width:2.5;stroke-dasharray:5 3}
.jq-mark.to{stroke:var(--last-line);stroke-width:3.5}
.jq-mark.sel{fill:color-mix(in srgb,var(--focus) 28%,transparent);stroke:var(--focus);stroke-width:3}
.jq-mark.problem{stroke:#c62828;stroke-width:3;stroke-dasharray:4 3}
.jq-mark.flipped{stroke:var(--last-line);stroke-width:3}
.jq-tile{pointer-events:none}
.jq-tile .sh{fill:rgba(0,0,0,.28)}
.jq-tile .face{fill:#fdf7e7;stroke-width:2}
.jq-tile .rim{fill:none;stroke:rgba(255,255,255,.55);stroke-width:1.2}
.jq-tile text{font-weight:700;font-family:"Kaiti SC","STKaiti","KaiTi","Noto Serif CJK SC","Songti SC",serif}
.jq-tile text.latin,.jq-tile.flat text{font-family:system-ui,sans-serif}
.jq-tile.movable .face{stroke-width:2.6}
.jq-tile.ghost{opacity:.9}
.jq-tile.lifted{opacity:.3}
.jq-dest{pointer-events:none;fill:var(--dest)}
.jq-dest.attack{fill:none;stroke:rgba(200,30,30,.85);stroke-width:3}
.jq-dest.swap{fill:color-mix(in srgb,var(--dest) 60%,transparent)}
.jq-coord{font-family:system-ui,sans-serif;font-weight:600;fill:var(--board-line);stroke:var(--post);stroke-width:2.5;paint-order:stroke;text-anchor:end;pointer-events:none}
.jq-burst{pointer-events:none}
.jq-pt{outline:none;cursor:default}
.jq-pt.src,.jq-pt.dst,.jq-pt.act{cursor:pointer}
.jq-hit{fill:transparent}
.jq-ring{fill:none;stroke:none}
.jq-pt:focus-visible .jq-ring{stroke:var(--focus);stroke-width:3}
.jq-tools{display:flex;justify-content:flex-end;gap:.25rem;margin-bottom:.25rem}
.jq-tools button{min-height:2.5rem;min-width:2.5rem;padding:0 .4rem;opacity:.85}
[data-animation="off"] .jq-zone.active{animation:none}
@media (prefers-reduced-motion:reduce){.jq-zone.active{animation:none}}
`;

let styled = false;
export const addJunqiStyle = (): void => {
  if (styled || typeof document === 'undefined') return;
  styled = true;
  const s = document.createElement('style');
  s.dataset.board = 'junqi';
  s.textContent = STYLE;
  document.head.append(s);
};
