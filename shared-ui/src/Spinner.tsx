export interface SpinnerProps {
  /** Announced to screen readers and shown beside the wheel unless `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
}

export function Spinner({ label = 'Loading…', hideLabel = false }: SpinnerProps) {
  return (
    <span className="ui-spinner" role="status">
      <span className="ui-spinner__wheel" aria-hidden="true" />
      <span className={hideLabel ? 'ui-visually-hidden' : undefined}>{label}</span>
    </span>
  );
}

export interface ProgressBarProps {
  /** 0–100. */
  percent: number;
  label: string;
}

export function ProgressBar({ percent, label }: ProgressBarProps) {
  const rounded = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div>
      <progress className="ui-progress" max={100} value={rounded} aria-label={label} />
      <span aria-live="polite">
        {label}: {rounded}%
      </span>
    </div>
  );
}
