import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedRoots, installAntdRepairs } from './a11y';

/** The observer's callback runs as a microtask after the mutations. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('antd repairs', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
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

  it('keeps only the outermost of nested changed elements', () => {
    document.body.innerHTML = '<div id="a"><div id="b"><p id="c"></p></div></div><div id="d"></div>';
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => document.getElementById(id)!);
    const rec = (target: Node) => ({ target }) as unknown as MutationRecord;
    expect(changedRoots([rec(c!), rec(a!), rec(b!), rec(d!), rec(c!)])).toEqual([a, d]);
  });
});
