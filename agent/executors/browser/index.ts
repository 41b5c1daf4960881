// The browser executor (CRAWL_FULL_PAGE). See docs/browser.md.
export {
  BrowserExecutor,
  type BrowserExecutorOptions,
  type BrowserExecutorStats,
} from './browser-executor.js';
export { BROWSER_CANDIDATES, findBrowser } from './find-browser.js';
