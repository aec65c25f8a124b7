import { formatNumber } from "../../domain/i18n.ts";
import { useLocale } from "../site/i18n";

/**
 * Percentages over time as a small line chart, drawn as SVG on the server: no chart library and no
 * JavaScript (decision 005's budgets). The points are spaced evenly, one per finished attempt.
 */
export function TrendChart({ points, label }: { points: number[]; label: string }) {
  const { locale } = useLocale();
  const percent = (value: number) => formatNumber(locale, value / 100, { style: "percent" });
  const width = 240;
  const height = 72;
  const pad = 6;
  const x = (i: number) => (points.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (points.length - 1));
  const y = (p: number) => height - pad - (Math.max(0, Math.min(100, p)) / 100) * (height - 2 * pad);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="h-auto w-full max-w-xs"
      data-testid="trend-chart"
    >
      {[0, 50, 100].map((p) => (
        <line key={p} x1={pad} x2={width - pad} y1={y(p)} y2={y(p)} stroke="#e2e8f0" strokeWidth="1" />
      ))}
      <text x={width - pad} y={y(100) + 9} textAnchor="end" fontSize="8" fill="#475569">
        {percent(100)}
      </text>
      <text x={width - pad} y={y(50) - 2} textAnchor="end" fontSize="8" fill="#475569">
        {percent(50)}
      </text>
      {points.length > 1 ? <polyline points={line} fill="none" stroke="#4338ca" strokeWidth="2" /> : null}
      {points.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: points are in time order and never move
        <circle key={i} cx={x(i)} cy={y(p)} r="3" fill="#4338ca" />
      ))}
    </svg>
  );
}
