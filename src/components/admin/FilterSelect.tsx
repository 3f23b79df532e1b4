import Form from 'react-bootstrap/Form';

interface FilterSelectProps {
  id: string;
  label: string;
  /** The choices as [value, label], after «الكل» (no filter, the empty value). */
  choices: readonly (readonly [string, string])[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
  /** Without «الكل»: a choice is always made (a sort). */
  required?: boolean;
}

/** One filter of an owner's list: a labelled select whose value lives in the page's address. */
export default function FilterSelect({
  id,
  label,
  choices,
  value,
  onChange,
  className = 'col-6 col-md-3',
  required = false,
}: FilterSelectProps) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {!required && <option value="">الكل</option>}
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
