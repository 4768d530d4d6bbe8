// The daily series as a chart (uPlot, on a canvas): GGR as bars, deposits and withdrawals as lines. Loaded
// lazily by the dashboard page, so that neither the library nor its styles weigh on any other screen. The
// chart follows its container's width (ResizeObserver), from a desktop down to a tablet.
import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import { useTranslation } from '../../../i18n/react';
import type { DashboardDay } from '../../dashboardApi';
import { LANGUAGE_NAMES, languageFrom } from '../../i18n';
import { chartSeries, dayLabel } from './series';

const HEIGHT = 260;
const MIN_WIDTH = 240;
// Day steps the x axis may label: every day in a week, fewer in a month (uPlot picks by the space).
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14];

type Figure = 'ggr' | 'deposits' | 'withdrawals';

function aligned(days: readonly DashboardDay[]): uPlot.AlignedData {
  const series = chartSeries(days);
  return [series.x, series.ggr, series.deposits, series.withdrawals];
}

// The palette lives in styles/dashboard.css (custom properties on the chart's box): a canvas cannot read classes.
function color(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function widthOf(element: HTMLElement): number {
  return Math.max(Math.floor(element.clientWidth), MIN_WIDTH);
}

export function DashboardChart({ days }: { days: readonly DashboardDay[] }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The axes and the legend read the newest days through this, so a refresh only sets new data.
  const shown = useRef(days);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const compact = new Intl.NumberFormat(LANGUAGE_NAMES[languageFrom(i18n.language)].htmlLang, {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    // The legend shows the server's strings: the hovered day's, or today's while nothing is hovered.
    const pick = (idx: number | null) => shown.current[idx ?? shown.current.length - 1];
    const legend = (figure: Figure) => (_u: uPlot, _raw: number, _series: number, idx: number | null) =>
      pick(idx)?.[figure] ?? '';
    const ggr = color(element, '--cs-chart-ggr', '#2457c5');
    const options: uPlot.Options = {
      width: widthOf(element),
      height: HEIGHT,
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
      axes: [
        {
          space: 44,
          incrs: DAY_STEPS,
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? dayLabel(shown.current[v]?.day ?? '') : '')),
        },
        { size: 56, values: (_u, splits) => splits.map((v) => compact.format(v)) },
      ],
      series: [
        { label: t('dashboard.columns.day'), value: (_u, _raw, _series, idx) => pick(idx)?.day ?? '' },
        {
          label: t('dashboard.ggr'),
          stroke: ggr,
          fill: color(element, '--cs-chart-ggr-fill', ggr),
          paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
          points: { show: false },
          value: legend('ggr'),
        },
        {
          label: t('dashboard.deposits'),
          stroke: color(element, '--cs-chart-deposits', '#1a7f37'),
          width: 2,
          value: legend('deposits'),
        },
        {
          label: t('dashboard.withdrawals'),
          stroke: color(element, '--cs-chart-withdrawals', '#b42318'),
          width: 2,
          dash: [6, 4],
          value: legend('withdrawals'),
        },
      ],
    };
    const chart = new uPlot(options, aligned(shown.current), element);
    plot.current = chart;
    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver !== 'undefined') {
      let last = widthOf(element);
      observer = new ResizeObserver(() => {
        const width = widthOf(element);
        if (width === last) return;
        last = width;
        chart.setSize({ width, height: HEIGHT });
      });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [t, i18n.language]);

  useEffect(() => {
    shown.current = days;
    plot.current?.setData(aligned(days));
  }, [days]);

  return <div ref={box} className="cs-dash-chart" data-testid="dashboard-chart" />;
}
