import type { FieldDef } from '@sk/shared/forms/index';
import { describe, expect, it } from 'vitest';
import { faultFill, faultOptionFor, titleFromFault } from './pasteFault';

const DEMO = ['不制冷', '不制热', '漏水', '异响', '不通电', '显示故障', '其他'];
const fault = { id: 7, name: '故障类型', type: 3, options: DEMO } as unknown as FieldDef;
const other = { id: 8, name: '安装环境', type: 3, options: ['室内', '室外'] } as unknown as FieldDef;

describe('smart paste of a problem into an order', () => {
  it('fills the empty title from the first sentence and picks the fault type it names', () => {
    expect(faultFill('空调不制冷', [fault, other], { title: '' }, {})).toEqual({ title: '空调不制冷', ext: { '7': '不制冷' } });
    expect(faultFill('中央空调漏水，周末也可上门', [fault], {}, {})).toEqual({ title: '中央空调漏水', ext: { '7': '漏水' } });
  });

  it('keeps what was written already', () => {
    expect(faultFill('空调不制冷', [fault], { title: '我的标题' }, { '7': '异响' })).toEqual({ title: null, ext: {} });
  });

  it('knows the usual words for the common faults, and leaves it empty when nothing fits', () => {
    expect(faultOptionFor('洗衣机脱水时噪音很大', DEMO)).toBe('异响');
    expect(faultOptionFor('电视黑屏', DEMO)).toBe('显示故障');
    expect(faultOptionFor('热水器开不了机', DEMO)).toBe('不通电');
    expect(faultOptionFor('教室投影仪无信号', DEMO)).toBeNull();
    expect(titleFromFault('x'.repeat(120))).toHaveLength(100);
  });
});
