import { fieldErrorId } from './requiredFields';

/** The reason under a field the owner must fix (Bootstrap's invalid-feedback), named by the field's aria-describedby. */
export default function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={fieldErrorId(id)} className="invalid-feedback d-block">
      {message}
    </div>
  );
}
