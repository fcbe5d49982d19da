import { createHash } from 'node:crypto';

/**
 * The one stylesheet of every server-rendered page (docs/DECISIONS.md "Pages"): system fonts,
 * light and dark from `prefers-color-scheme`, readable from 360 px up. Classless for the basics;
 * the few classes (`secondary`, `link`, `dropzone`, `error`, `notice`, `facts`) are named here.
 * Colours meet WCAG AA contrast on both schemes (checked by axe in test/pages.e2e-spec.ts).
 */
export const STYLESHEET = `:root{color-scheme:light dark;--bg:#f5f7fa;--surface:#fff;--text:#17202b;--muted:#4a5666;--border:#d4dae3;
--accent:#1d5fc2;--accent-hover:#174c9c;--on-accent:#fff;--accent-soft:#e8f0fc;--danger:#b3261e;--danger-soft:#fdecea;--ok:#1b6b3a;--ok-soft:#e6f4ea;
--focus:#1d5fc2;--radius:.6rem;--shadow:0 1px 2px rgba(16,24,40,.06),0 4px 16px rgba(16,24,40,.06)}
@media (prefers-color-scheme:dark){:root{--bg:#0f1419;--surface:#182028;--text:#e6ebf1;--muted:#a9b4c2;--border:#33404e;
--accent:#7fb0ff;--accent-hover:#a3c6ff;--on-accent:#0b1a30;--accent-soft:#1b2b44;--danger:#ff9b91;--danger-soft:#3a1f1d;--ok:#8fd6a5;--ok-soft:#16301f;
--focus:#a3c6ff;--shadow:none}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.site-header{display:flex;align-items:center;gap:.6rem;max-width:38rem;margin:0 auto;padding:1.25rem 1rem .25rem}
.brand{display:flex;align-items:center;gap:.55rem;color:var(--text);text-decoration:none;font-weight:650;letter-spacing:-.01em}
.brand svg{flex:none;width:1.9rem;height:1.9rem}.mark-bg{fill:var(--accent)}.mark-fg{stroke:var(--on-accent)}
main{max-width:38rem;margin:.75rem auto 2rem;padding:1.5rem 1.25rem;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow)}
@media (max-width:30rem){main{margin:.5rem .5rem 1.5rem;padding:1.25rem 1rem}}
.site-footer{max-width:38rem;margin:0 auto 2rem;padding:0 1rem;color:var(--muted);font-size:.875rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem;letter-spacing:-.01em}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
p{margin:.5rem 0}ul{padding-left:1.25rem}li{margin:.25rem 0}
a{color:var(--accent);text-underline-offset:.15em}a:hover{color:var(--accent-hover)}
code{font:.875em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--accent-soft);padding:.05rem .3rem;border-radius:.25rem;overflow-wrap:anywhere}
small,.muted{color:var(--muted)}
label{display:block;margin-top:1rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;margin-top:.35rem;padding:.6rem .7rem;font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--muted);border-radius:.4rem}
.hint{margin:.3rem 0 0;color:var(--muted);font-size:.9rem}
[aria-invalid=true]{border:2px solid var(--danger)!important}
.error{color:var(--danger);margin:.35rem 0 0;font-size:.95rem}
.error::before{content:"! ";font-weight:700}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;margin-top:1.25rem;padding:.55rem 1.3rem;font:inherit;font-weight:600;
border-radius:.45rem;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:var(--accent-hover);border-color:var(--accent-hover);color:var(--on-accent)}
button.secondary{background:transparent;color:var(--accent)}
button.secondary:hover{background:var(--accent-soft);color:var(--accent-hover)}
button.link{min-height:0;margin:0;padding:0;border:0;background:none;color:var(--accent);font-weight:400;text-decoration:underline;text-underline-offset:.15em}
button.link:hover{background:none;color:var(--accent-hover)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}.actions button{margin-top:1.25rem}
@media (max-width:30rem){.actions button,form>button[type=submit]{width:100%}}
.inline-form{display:inline;margin:0}
.notice{padding:.75rem 1rem;border-radius:.45rem;background:var(--accent-soft);margin:1rem 0}
.notice.danger{background:var(--danger-soft)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:1rem 0;padding:1rem;border:1px solid var(--border);border-radius:.45rem}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
@media (max-width:24rem){dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}}
.dropzone{display:block;margin:1rem 0 0;padding:2rem 1rem;text-align:center;font-weight:400;border:2px dashed var(--muted);border-radius:var(--radius);background:var(--bg);cursor:pointer}
.dropzone:hover,.dropzone.over{border-color:var(--accent);background:var(--accent-soft)}
.dropzone:focus-within{outline:3px solid var(--focus);outline-offset:2px}
.dropzone svg{width:2.5rem;height:2.5rem;color:var(--accent)}
.dropzone strong{display:block;font-size:1.05rem}
.js .dropzone input[type=file]{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
.dropzone input[type=file]{margin-top:.75rem;max-width:100%}.js #upload-form>button[type=submit]{display:none}
.files{list-style:none;padding:0;margin:.5rem 0 0}
.files li{display:grid;grid-template-columns:minmax(8rem,1fr) auto;gap:.25rem .75rem;align-items:center;padding:.6rem .75rem;border:1px solid var(--border);border-radius:.45rem;margin:.5rem 0}
.files .name{font-weight:600;overflow-wrap:anywhere}.files .state{color:var(--muted);font-size:.9rem}
.files progress{grid-column:1/-1;width:100%;height:.5rem;accent-color:var(--accent)}
.files li[data-status=ERROR]{border-color:var(--danger);background:var(--danger-soft)}.files li[data-status=ERROR] .state{grid-column:1/-1;color:var(--danger)}
.files li[data-status=READY] .state,.files li[data-status=PROCESSING] .state{color:var(--ok)}
.empty{color:var(--muted);margin:.5rem 0 0}
#card-element{margin-top:1rem;padding:.75rem;border:1px solid var(--border);border-radius:.45rem;background:var(--surface)}
#status:empty{display:none}#status{margin-top:1rem;padding:.75rem 1rem;border-radius:.45rem;background:var(--accent-soft)}
#status[data-state=complete]{background:var(--ok-soft);color:var(--ok)}#status[data-state=refused],#status[data-state=error]{background:var(--danger-soft);color:var(--danger)}
section.rail{margin-top:1.5rem;padding-top:.25rem;border-top:1px solid var(--border)}
[hidden]{display:none!important}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}`;

/** Served at a path named after its content, so that browsers may cache it for good. */
export const STYLESHEET_PATH = `/assets/site-${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12)}.css`;
