import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayViews } from '@newsroom/contract';

const HEIGHT = 220;

/** Midnight UTC of a date, in seconds: uPlot's x values, shown as dates in UTC. */
const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * Views per day drawn with uPlot (decision 119), loaded only by the back office and only when a
 * chart is shown (`ViewsByDay` imports it lazily). The canvas is hidden from assistive technology:
 * `ViewsByDay` gives the same figures as a summary and a table.
 */
export default function ViewsChart({ days }: { days: DayViews[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          {},
          {
            label: 'Views',
            stroke: '#1d4ed8',
            width: 2,
            fill: 'rgba(29, 78, 216, 0.12)',
            points: { show: days.length <= 31 },
          },
        ],
        axes: [{ stroke: '#475569' }, { stroke: '#475569', size: 56 }],
      },
      [days.map((day) => secondsOf(day.date)), days.map((day) => day.views)],
      element,
    );
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden="true" className="w-full" data-testid="views-chart" />;
}
