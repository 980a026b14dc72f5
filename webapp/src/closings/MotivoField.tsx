import { TextAreaField } from '../ui/fields';
import { motivoCounter } from './rules';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  help?: string;
}

/** A reason of at most 255 characters, with its counter. */
export function MotivoField({ id, label, value, onChange, help }: Props) {
  return (
    <TextAreaField
      id={id}
      label={label}
      className="mb-3"
      value={value}
      aria-describedby={`${id}-counter`}
      onChange={onChange}
    >
      <div className="d-flex justify-content-between form-text">
        <span>{help}</span>
        <span id={`${id}-counter`} aria-label="Caracteres usados">
          {motivoCounter(value)}
        </span>
      </div>
    </TextAreaField>
  );
}
