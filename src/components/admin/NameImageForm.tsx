import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import Spinner from '../Spinner';
import { ADD_FAILURE_MESSAGE, ADD_SUCCESS_MESSAGE, COMPLETE_DATA_MESSAGE } from './adminMessages';
import { dataUrlToFile } from './imageFiles';
import ImageUploader, { type ImageMap } from './ImageUploader';

export const DONE_MESSAGE = 'تم الانتهاء';

interface NameImageFormProps {
  heading: string;
  nameLabel: string;
  /** Sends the multipart body (name, image) and resolves with the HTTP status. */
  create: (form: FormData) => Promise<number>;
  /** How long the line after the spinner stays (SPEC §9: 1000 ms brands, 500 ms categories). */
  doneShownMs: number;
}

/** Add brand / add category (SPEC §2): a name and one image. */
export default function NameImageForm({ heading, nameLabel, create, doneShownMs }: NameImageFormProps) {
  const [name, setName] = useState('');
  const [images, setImages] = useState<ImageMap>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'done'>('editing');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || images[0] === undefined) {
      toast.warn(COMPLETE_DATA_MESSAGE);
      return;
    }
    const form = new FormData();
    form.append('name', name.trim());
    form.append('image', dataUrlToFile(images[0], 'image'));
    setPhase('sending');
    let status = 0;
    try {
      status = await create(form);
    } catch {
      status = 0;
    }
    if (status !== 201) {
      toast.error(ADD_FAILURE_MESSAGE);
      setPhase('editing');
      return;
    }
    toast.success(ADD_SUCCESS_MESSAGE);
    setName('');
    setImages({});
    setPhase('done');
    window.setTimeout(() => setPhase('editing'), doneShownMs);
  };

  return (
    <section>
      <h1 className="h4 my-3">{heading}</h1>
      <Form onSubmit={handleSubmit} noValidate className="d-grid gap-3" style={{ maxWidth: 520 }}>
        <div>
          <p className="mb-1 fw-semibold">الصورة</p>
          <ImageUploader images={images} onChange={setImages} max={1} label="الصورة" disabled={phase === 'sending'} onError={(message) => toast.error(message)} />
        </div>
        <Form.Group controlId="name-image-name">
          <Form.Label>{nameLabel}</Form.Label>
          <Form.Control value={name} onChange={(e) => setName(e.target.value)} disabled={phase === 'sending'} />
        </Form.Group>
        <div>
          <Button type="submit" variant="dark" className="px-4" disabled={phase === 'sending'}>
            حفظ التعديلات
          </Button>
        </div>
      </Form>
      {phase === 'sending' && <Spinner label="جاري الاضافة..." />}
      {phase === 'done' && <p role="status" className="text-success my-3">{DONE_MESSAGE}</p>}
    </section>
  );
}
