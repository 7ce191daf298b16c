// The report charts: bars per row (stacked or side by side), drawn by ECharts loaded on first use; a click on a bar
// opens the filtered list. Any series: the return visits', the complaints' quality analysis, the order statistics.
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

export interface ChartSeries<K extends string> {
  key: K;
  name: string;
  color: string;
  /** Series with the same stack are stacked; without one, side by side. */
  stack?: string;
}

export function ReportChart<K extends string>({
  rows,
  series,
  onPick,
  height = 320,
  testId = 'report-chart',
}: {
  rows: ({ name: string } & Record<K, number>)[];
  series: ChartSeries<K>[];
  /** The row and the series clicked. */
  onPick: (index: number, series: K) => void;
  height?: number;
  testId?: string;
}) {
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
        // One line whatever the width (paged on a phone): wrapped, the second line of names lay over the chart's top.
        legend: { top: 0, type: 'scroll' },
        grid: { left: 48, right: 16, top: 32, bottom: 64 },
        // A zero is not drawn (null), so the minimum height below marks only real figures; the tooltip still says 0.
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => String(v ?? 0).replace('-', '0') },
        xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          type: 'bar',
          stack: s.stack,
          name: s.name,
          data: rows.map((r) => (r[s.key] ? r[s.key] : null)),
          itemStyle: { color: s.color },
          barMaxWidth: 48,
          // A bar of 1 beside a bar of 500 stays clickable.
          barMinHeight: 3,
        })),
      });
      c.on('click', (p: { dataIndex?: number; seriesIndex?: number }) => {
        const s = p.seriesIndex == null ? undefined : series[p.seriesIndex];
        if (p.dataIndex != null && s) pick.current(p.dataIndex, s.key);
      });
      chart = c;
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [rows, series]);
  return <div ref={el} style={{ width: '100%', height }} data-testid={testId} />;
}
