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
    const fire: Array<(entries: Array<{ target: Element }>) => void> = [];
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: (entries: Array<{ target: Element }>) => void) {
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
    for (const cb of fire) cb(observed.map((target) => ({ target })));
    await new Promise((r) => requestAnimationFrame(r));
    await flush();
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
  });

  /** A table region whose size the test sets (jsdom has no layout); counts how often its width is read. */
  function region(html: string, scrollWidth: number) {
    document.body.innerHTML = `<div class="ant-table-content">${html}</div><div id="other"></div>`;
    const el = document.querySelector('.ant-table-content')!;
    const reads = { count: 0 };
    Object.defineProperty(el, 'clientWidth', {
      get: () => {
        reads.count++;
        return 300;
      },
    });
    Object.defineProperty(el, 'clientHeight', { get: () => 50 });
    Object.defineProperty(el, 'scrollHeight', { get: () => 50 });
    Object.defineProperty(el, 'scrollWidth', { get: () => scrollWidth });
    return { el, reads };
  }
  const nextFrame = async () => {
    await flush();
    await new Promise((r) => requestAnimationFrame(r));
    await flush();
  };

  it('a scrolling table whose only controls are the measuring row’s copies becomes a region; one with a link in a cell does not', async () => {
    const measured = '<table><tbody><tr class="ant-table-measure-row"><td><input type="checkbox"></td></tr><tr><td>甲</td></tr></tbody></table>';
    const { el } = region(measured, 900);
    stop = installAntdRepairs();
    await nextFrame();
    expect(el.getAttribute('role')).toBe('region');
    stop();
    const linked = measured.replace('<td>甲</td>', '<td><a href="/x">甲</a></td>');
    const { el: withLink } = region(linked, 900);
    stop = installAntdRepairs();
    await nextFrame();
    expect(withLink.hasAttribute('role')).toBe(false);
  });

  it('reads a marked region’s layout no more, and an inline style change alone starts no layout pass', async () => {
    const { el, reads } = region('<table><tbody><tr><td>甲</td></tr></tbody></table>', 900);
    stop = installAntdRepairs();
    await nextFrame();
    expect(el.getAttribute('role')).toBe('region');
    const before = reads.count;
    document.getElementById('other')!.append(document.createElement('span'));
    await nextFrame();
    expect(reads.count).toBe(before);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    (document.getElementById('other') as HTMLElement).style.left = '10px';
    await flush();
    expect(frames).not.toHaveBeenCalled();
  });

  it('rows landing in one table read that table’s layout only, not every table’s', async () => {
    const { el: first, reads: firstReads } = region('<table><tbody><tr><td><a href="/x">甲</a></td></tr></tbody></table>', 900);
    const second = first.cloneNode(true) as Element;
    let secondReads = 0;
    Object.defineProperty(second, 'clientWidth', {
      get: () => {
        secondReads++;
        return 300;
      },
    });
    document.body.append(second);
    stop = installAntdRepairs();
    await nextFrame();
    const [a, b] = [firstReads.count, secondReads];
    first.querySelector('tbody')!.append(document.createElement('tr'));
    await nextFrame();
    expect(firstReads.count).toBeGreaterThan(a);
    expect(secondReads).toBe(b);
  });

  it('keeps only the outermost of nested changed elements', () => {
    document.body.innerHTML = '<div id="a"><div id="b"><p id="c"></p></div></div><div id="d"></div>';
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => document.getElementById(id)!);
    const rec = (target: Node) => ({ target }) as unknown as MutationRecord;
    expect(changedRoots([rec(c!), rec(a!), rec(b!), rec(d!), rec(c!)])).toEqual([a, d]);
  });
});
