// A bar chart drawn by ECharts, loaded on first use (its own chunk: the shell's first load never carries it).
import { useEffect, useRef } from 'react';

export interface Bar {
  name: string;
  value: number;
}

async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([charts.BarChart, components.GridComponent, components.TooltipComponent, renderers.CanvasRenderer]);
  return core;
}

export function BarChart({ bars, height = 320 }: { bars: Bar[]; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const resize = () => chart?.resize();
    void loadEcharts().then((echarts) => {
      if (disposed || !el.current) return;
      const c = echarts.init(el.current);
      c.setOption({
        animation: false,
        grid: { left: 48, right: 16, top: 24, bottom: 64 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: bars.map((b) => b.name), axisLabel: { interval: 0, rotate: bars.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', name: '超时次数', data: bars.map((b) => b.value), itemStyle: { color: '#ff4d4f' }, barMaxWidth: 48 }],
      });
      chart = c;
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [bars]);
  return <div ref={el} style={{ width: '100%', height }} data-testid="exceed-chart" />;
}
