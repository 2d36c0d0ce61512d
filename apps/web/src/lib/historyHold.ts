/**
 * Lets a page hold the browser's Back and Forward buttons until the member chooses (a pending
 * order's Stay / Leave). The declarative hash router has no blocker (decision 0006) and follows
 * every `popstate` itself. On the window, listeners run in the order they were added (Chromium
 * runs a capturing one no earlier), so this one is added before the router mounts (start.ts);
 * while a page holds it, it keeps the router from seeing the step and steps the browser back to
 * the page's entry. The router numbers its entries (`idx` in `history.state`), which tells how far.
 */

type OnStep = (delta: number) => void;

let started = false;
let onStep: OnStep | null = null;
let here: number | null = null;
let restoring = false;
let passing = false;

/** The router's number for the current history entry, or null for one it did not make. */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function onPopState(event: PopStateEvent): void {
  if (!onStep) return;
  if (passing) {
    passing = false;
    return;
  }
  const there = historyIndex();
  // An entry the router did not make (a hash typed into the address bar) has no number: let it go.
  if (here === null || there === null) return;
  event.stopImmediatePropagation();
  if (restoring) {
    restoring = there !== here;
    return;
  }
  if (there === here) return;
  restoring = true;
  window.history.go(here - there);
  onStep(there - here);
}

/** Listens for Back and Forward; call once, before the router mounts. */
export function startHistoryHold(): void {
  if (started) return;
  started = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * From now on, Back and Forward leave the current entry on screen and call `step` with how far
 * they went. Returns the release.
 */
export function holdHistory(step: OnStep): () => void {
  onStep = step;
  here = historyIndex();
  restoring = false;
  passing = false;
  return () => {
    if (onStep === step) onStep = null;
  };
}

/** Takes a step that was held (the member chose to leave): the router follows it as usual. */
export function takeHeldStep(delta: number): void {
  passing = true;
  window.history.go(delta);
}
