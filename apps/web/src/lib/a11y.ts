// Repairs of antd's markup that axe flags and antd's props cannot reach (docs/accessibility.md). One observer on the
// document applies them to whatever antd renders, whenever it renders it.

/** Elements a keyboard can reach. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The regions antd's tables scroll in. */
const SCROLLERS = '.ant-table-content, .ant-table-body';

const set = (el: Element, name: string, value: string) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/** What the Tab key reaches: the focusable elements that are neither taken out of the order nor disabled. */
const TABBABLE = FOCUSABLE.split(', ')
  .map((s) => `${s}:not([tabindex="-1"]):not([disabled])`)
  .join(', ');
const MEASURE_ROW = '.ant-table-measure-row';

/**
 * Whether the Tab key can reach something inside (the measuring row's copies cannot). The first match usually answers
 * (a header's checkbox, a link in the first row): a list of every control in a long table was built on each frame.
 */
const hasTabbable = (el: Element): boolean => {
  const first = el.querySelector(TABBABLE);
  if (!first) return false;
  if (!first.closest(MEASURE_ROW)) return true;
  return [...el.querySelectorAll(TABBABLE)].some((c) => !c.closest(MEASURE_ROW));
};

const TAB_BUTTONS = '.ant-tabs-nav-more, .ant-tabs-tab-remove';
const MEASURED_FOCUSABLE = `${MEASURE_ROW} :is(${FOCUSABLE})`;

/** `root` itself when it matches, and its descendants that do (in the document's context: ancestors count). */
const matching = (root: ParentNode, selector: string): Element[] => [
  ...(root instanceof Element && root.matches(selector) ? [root] : []),
  ...root.querySelectorAll(selector),
];

/** Repairs that only read markup (idempotent: attributes are written only when they differ). */
function repairMarkup(root: ParentNode): void {
  // Tabs: the close (×) and overflow (…) buttons sit inside the tablist, which may own tabs only (aria-required-children,
  // critical), and the overflow button has no name. They are mouse shortcuts: the tabs themselves are reached with the
  // arrow keys, and the shell's tab bar closes the focused tab with Delete or through 标签操作.
  for (const b of matching(root, TAB_BUTTONS)) {
    set(b, 'aria-hidden', 'true');
    set(b, 'tabindex', '-1');
  }
  // Tables: the hidden row that measures column widths repeats the header's titles, select-all checkbox included
  // (aria-hidden-focus): out of the tab order.
  for (const el of matching(root, MEASURED_FOCUSABLE)) set(el, 'tabindex', '-1');
}

/** The outermost changed elements of a batch of mutations: a change inside another changed element is covered by it. */
export function changedRoots(records: readonly MutationRecord[]): Element[] {
  const targets = new Set<Element>();
  for (const r of records) if (r.target instanceof Element && r.target.isConnected) targets.add(r.target);
  return [...targets].filter((el) => {
    for (let up = el.parentElement; up; up = up.parentElement) if (targets.has(up)) return false;
    return true;
  });
}

/**
 * Tables wider than the page scroll sideways: a keyboard user must be able to focus the region to scroll it
 * (scrollable-region-focusable) when no cell inside holds a control. Reads layout, so it waits for a frame.
 */
function repairRegion(el: Element): void {
  // Marked once, kept (a region that stops scrolling stays reachable, which does no harm): no layout read again.
  if (el.getAttribute('role') === 'region') return;
  // A hidden kept page's tables have no box: nothing to scroll (they are checked when a change shows them).
  if (el.clientWidth === 0 && el.clientHeight === 0) return;
  const scrolls = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
  if (scrolls && !hasTabbable(el)) {
    set(el, 'tabindex', '0');
    set(el, 'role', 'region');
    set(el, 'aria-label', '表格（可滚动）');
  }
}

/** The table regions a change under `root` can concern: the one it sits in and those inside it. */
const regionsOf = (root: Element): Element[] => {
  const around = root.parentElement?.closest(SCROLLERS);
  return around ? [around, ...matching(root, SCROLLERS)] : matching(root, SCROLLERS);
};

/** Applies every repair under `root`. */
export function repairAntd(root: ParentNode): void {
  repairMarkup(root);
  for (const el of matching(root, SCROLLERS)) repairRegion(el);
}

/**
 * Keeps the document repaired as antd renders. The markup repairs run in the observer's own callback, before anything
 * else sees the new nodes (a tab bar re-rendered with its overflow button unrepaired was caught by an audit that ran
 * before the next frame), on the changed elements only: over the whole document their cost grew with every page kept
 * open. The layout repairs run once per animation frame at most, on the table regions that changed, were shown again
 * (a kept page's `hidden`) or changed size with no mutation to see (columns settling after fonts load or the sider
 * folding make a region scroll later). Reading every table's layout on each frame with a change cost 1.4 s of the 51 s
 * of script in a walk over the administrator's 100 menu entries.
 */
export function installAntdRepairs(doc: Document = document): () => void {
  const pending = new Set<Element>();
  let queued = false;
  const sized =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver((entries) => {
          for (const e of entries) {
            const region = e.target.closest(SCROLLERS);
            if (region) pending.add(region);
          }
          queue();
        });
  // Held strongly by the observer: closed pages' tables are let go on the next pass.
  const followed = new Set<Element>();
  const follow = (regions: Iterable<Element>) => {
    if (!sized) return;
    for (const el of followed) {
      if (el.isConnected) continue;
      followed.delete(el);
      sized.unobserve(el);
    }
    for (const region of regions) {
      for (const el of [region, region.firstElementChild]) {
        if (!el || followed.has(el)) continue;
        followed.add(el);
        sized.observe(el);
      }
    }
  };
  const run = () => {
    queued = false;
    const regions = [...pending].filter((el) => el.isConnected);
    pending.clear();
    for (const el of regions) repairRegion(el);
    follow(regions);
  };
  function queue() {
    if (queued || pending.size === 0) return;
    queued = true;
    requestAnimationFrame(run);
  }
  const watch = new MutationObserver((records) => {
    for (const root of changedRoots(records)) {
      repairMarkup(root);
      for (const region of regionsOf(root)) pending.add(region);
    }
    queue();
  });
  // Not `style`: antd rewrites inline styles all the time (popups placed, motion); a size change that makes a region
  // scroll reaches the ResizeObserver instead.
  watch.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'aria-hidden', 'hidden'] });
  repairAntd(doc.body);
  follow(doc.body.querySelectorAll(SCROLLERS));
  return () => {
    watch.disconnect();
    sized?.disconnect();
  };
}
