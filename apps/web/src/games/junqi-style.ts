/** The Junqi page's own style: the board beside its panel, and the panel's sections, seats, chips and log. */
const PANEL_STYLE = `
.game-junqi .board-host{max-width:none}
.jq-root{display:flex;flex-wrap:wrap;gap:.8rem;align-items:flex-start}
.jq-root>.jq-wrap{flex:0 1 auto;width:min(100%,calc((100vh - 7.5rem) * var(--jq-aspect,1)));min-width:min(100%,300px);margin:0 auto}
.jq-side{flex:1 1 15rem;min-width:min(100%,15rem)}
.jq-root{container-type:inline-size}
@container (min-width:52rem){.jq-root>.jq-wrap{width:min(calc(100cqw - 15.8rem),calc((100vh - 7.5rem) * var(--jq-aspect,1)))}}
.jq-panel{display:grid;gap:.5rem}
.jq-panel h2{font-size:1rem;margin:.2rem 0 .3rem}
.jq-panel h3{font-size:.9rem;margin:.4rem 0 .2rem}
.jq-sec{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.5rem .7rem}
.jq-banner{margin:0;font-weight:600}
.jq-seats,.jq-tally-list,.jq-calls{list-style:none;margin:0;padding:0;display:grid;gap:.2rem}
.jq-tally-list li{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem}
.jq-seats li{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;padding:.15rem .3rem;border-radius:6px}
.jq-seats li.active{background:var(--sel);font-weight:600}
.jq-seats li.out .jq-name{text-decoration:line-through;opacity:.6}
.jq-swatch{display:inline-block;width:.9rem;height:.9rem;border-radius:3px;flex:none}
.jq-tag,.jq-note{font-size:.8em;border:1px solid var(--line);border-radius:999px;padding:0 .45rem;color:var(--muted)}
.jq-row{display:flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:.3rem 0}
.jq-row input,.jq-row select{flex:1 1 7rem;min-width:0}
.jq-label{font-weight:600;margin:.2rem 0}
.jq-chips{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem;margin:.2rem 0;padding:0}
.jq-chips li.jq-chip,.jq-chips .jq-chip{border:1px solid var(--line);border-radius:6px;padding:.1rem .45rem;background:#fdf7e7;touch-action:none}
.jq-chips button.jq-chip[aria-pressed="true"]{border:2px solid #1a73e8;background:#e3eefc}
.jq-problems ul{margin:.2rem 0;padding-left:1.2rem;color:#b3261e}
.jq-ok{color:#2e7d32;margin:.3rem 0}
.jq-message{min-height:1.2em;margin:.2rem 0;color:var(--muted)}
.jq-log{margin:0;padding-left:0;list-style:none;max-height:12rem;overflow:auto;font-size:.92em}
.jq-last{font-weight:600;margin:.2rem 0}
.game-junqi .moves .who{margin-right:.35em}
.jq-tray-ghost{position:fixed;pointer-events:none;z-index:50;padding:.2rem .5rem;border-radius:6px;background:#fdf7e7;border:2px solid #1a73e8;font-weight:700}
`;

let panelStyled = false;
export const addPanelStyle = (): void => {
  if (panelStyled) return;
  panelStyled = true;
  const s = document.createElement('style');
  s.dataset.panel = 'junqi';
  s.textContent = PANEL_STYLE;
  document.head.append(s);
};
