// Motion that follows the phone's "reduce motion" setting (app.css does the same for animations).

/** How to scroll something into view: smoothly, unless the player asked the phone for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Keeps `el` where it is on screen while the page lays itself out again for a short while (`ms`): a panel that
 * appears above it (the waits of a 13-tile hand, over the palette a player is tapping) would otherwise push it
 * away from under the finger. Only moves of the element within the page are made up for, so the player's own
 * scrolling is never fought; the next call replaces the last.
 */
let keeping: number | null = null;
export function keepInPlace(el: HTMLElement | null, ms = 1000): void {
  if (!el || typeof requestAnimationFrame !== 'function') return;
  if (keeping !== null) cancelAnimationFrame(keeping);
  const pageTop = () => el.getBoundingClientRect().top + window.scrollY;
  let last = pageTop();
  const until = performance.now() + ms;
  const frame = () => {
    if (!el.isConnected) return void (keeping = null);
    const now = pageTop();
    if (Math.abs(now - last) > 1) window.scrollBy(0, now - last);
    last = now;
    keeping = performance.now() < until ? requestAnimationFrame(frame) : null;
  };
  keeping = requestAnimationFrame(frame);
}
