// The report's chart: per row, passed / unrated / not passed / waiting stacked; a click opens the filtered task list.
import { useEffect, useRef } from 'react';

async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([charts.BarChart, components.GridComponent, components.TooltipComponent, components.LegendComponent, renderers.CanvasRenderer]);
  return core;
}

export interface ChartRow {
  name: string;
  passed: number;
  unrated: number;
  notPassed: number;
  waiting: number;
}
const SERIES: { key: keyof Omit<ChartRow, 'name'>; name: string; color: string; state: number }[] = [
  { key: 'passed', name: '回访通过', color: '#52c41a', state: 3 },
  { key: 'unrated', name: '通过未评价', color: '#13c2c2', state: 5 },
  { key: 'notPassed', name: '回访不通过', color: '#f5222d', state: 2 },
  { key: 'waiting', name: '待回访', color: '#fa8c16', state: 1 },
];

export function VisitChart({ rows, onPick, height = 320 }: { rows: ChartRow[]; onPick: (index: number, state: number) => void; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const resize = () => chart?.resize();
    void loadEcharts().then((echarts) => {
      if (disposed || !el.current) return;
      const c = echarts.init(el.current);
      c.setOption({
        animation: false,
        legend: { top: 0 },
        grid: { left: 48, right: 16, top: 32, bottom: 64 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: SERIES.map((s) => ({
          type: 'bar',
          stack: 'all',
          name: s.name,
          data: rows.map((r) => r[s.key]),
          itemStyle: { color: s.color },
          barMaxWidth: 48,
        })),
      });
      c.on('click', (p: { dataIndex?: number; seriesIndex?: number }) => {
        if (p.dataIndex != null && p.seriesIndex != null) pick.current(p.dataIndex, SERIES[p.seriesIndex]?.state ?? 0);
      });
      chart = c;
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [rows]);
  return <div ref={el} style={{ width: '100%', height }} data-testid="visit-chart" />;
}
