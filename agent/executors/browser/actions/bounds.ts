// Time and size limits of page actions (docs/actions.md). Request bounds (counts, text sizes) live in
// proto/page.ts, shared with the coordinator; these are how the agent runs within them.

/** An action without `timeout_ms` may take this long (always within the job's time). */
export const DEFAULT_ACTION_TIMEOUT_MS = 5_000;
/** After a click or a key press, how long a navigation may take to start before none is expected. */
export const NAVIGATION_START_MS = 150;
/** Scroll: steps when `max_steps` is not given, and the wait for new content after each step. */
export const DEFAULT_SCROLL_STEPS = 20;
export const DEFAULT_SCROLL_STEP_WAIT_MS = 1_000;
/** Polling of in-page conditions (new content, a count) while waiting for them. */
export const POLL_MS = 50;
