import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedRoots, installAntdRepairs } from './a11y';

/** The observer's callback runs as a microtask after the mutations. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('antd repairs', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    stop?.();
    document.body.innerHTML = '';
  });

  it('repairs a tab close button and a measuring row’s checkbox rendered after start, and again when antd resets them', async () => {
    stop = installAntdRepairs();
    const bar = document.createElement('div');
    bar.innerHTML = '<div class="ant-tabs-nav"><button class="ant-tabs-tab-remove">x</button></div>';
    const table = document.createElement('table');
    table.innerHTML = '<tr class="ant-table-measure-row"><td><span><input type="checkbox"></span></td></tr>';
    document.body.append(bar, table);
    await flush();
    const remove = bar.querySelector('button')!;
    const box = table.querySelector('input')!;
    expect(remove.getAttribute('aria-hidden')).toBe('true');
    expect(remove.getAttribute('tabindex')).toBe('-1');
    expect(box.getAttribute('tabindex')).toBe('-1');
    // antd writes the attribute back on a re-render: the changed element itself is repaired.
    box.setAttribute('tabindex', '0');
    await flush();
    expect(box.getAttribute('tabindex')).toBe('-1');
  });

  it('looks only at what changed: a change deep in one page does not scan the whole document', async () => {
    document.body.innerHTML = '<div id="page"><div id="busy"></div></div>';
    stop = installAntdRepairs();
    const whole = vi.spyOn(document.body, 'querySelectorAll');
    const busy = document.getElementById('busy')!;
    const inBusy = vi.spyOn(busy, 'querySelectorAll');
    busy.append(document.createElement('span'));
    // The observer's callback is a microtask queued by the change: it has run once this one has (the layout pass waits
    // for a frame).
    await new Promise<void>((r) => queueMicrotask(r));
    expect(inBusy).toHaveBeenCalled();
    expect(whole).not.toHaveBeenCalled();
  });

  it('marks a table region that starts to scroll with no mutation to see (a size change) as a focusable region', async () => {
    // jsdom has no layout and no ResizeObserver: one that the test can fire stands in for the browser's.
    const fire: Array<() => void> = [];
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          fire.push(cb);
        }
        observe(el: Element) {
          observed.push(el);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = '<div class="ant-table-content"><table><tbody><tr><td>无数据</td></tr></tbody></table></div>';
    const region = document.querySelector('.ant-table-content')!;
    let contentWidth = 300;
    Object.defineProperty(region, 'clientWidth', { get: () => 300 });
    Object.defineProperty(region, 'clientHeight', { get: () => 50 });
    Object.defineProperty(region, 'scrollHeight', { get: () => 50 });
    Object.defineProperty(region, 'scrollWidth', { get: () => contentWidth });
    stop = installAntdRepairs();
    expect(observed).toEqual([region, region.querySelector('table')]);
    expect(region.hasAttribute('tabindex')).toBe(false);
    // The columns widen (fonts loaded, the sider folded): the region now scrolls, and no attribute or child changed.
    contentWidth = 900;
    for (const cb of fire) cb();
    await new Promise((r) => requestAnimationFrame(r));
    await flush();
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
  });

  it('keeps only the outermost of nested changed elements', () => {
    document.body.innerHTML = '<div id="a"><div id="b"><p id="c"></p></div></div><div id="d"></div>';
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => document.getElementById(id)!);
    const rec = (target: Node) => ({ target }) as unknown as MutationRecord;
    expect(changedRoots([rec(c!), rec(a!), rec(b!), rec(d!), rec(c!)])).toEqual([a, d]);
  });
});
