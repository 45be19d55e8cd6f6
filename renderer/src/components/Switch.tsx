interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** Show the label next to the switch; otherwise it is only the accessible name. */
  showLabel?: boolean;
  disabled?: boolean;
}

export function Switch({ checked, onChange, label, showLabel = false, disabled }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      className="switch"
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {showLabel && <span className="switch-label">{label}</span>}
    </button>
  );
}
