// Motion that follows the phone's "reduce motion" setting (app.css does the same for animations).

/** How to scroll something into view: smoothly, unless the player asked the phone for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
