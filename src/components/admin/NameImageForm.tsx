import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../lib/toast';
import Spinner from '../Spinner';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import { describeAdminError } from './adminErrors';
import { ADD_FAILURE_MESSAGE, ADD_SUCCESS_MESSAGE, COMPLETE_DATA_MESSAGE } from './adminMessages';
import FieldError from './FieldError';
import { dataUrlToFile } from './imageFiles';
import ImageUploader, { type ImageMap } from './ImageUploader';
import { useRequiredFields } from './requiredFields';
import UploadProgressBar from '../UploadProgressBar';

const DONE_MESSAGE = 'تم الانتهاء';
const IMAGE_MISSING = 'اختر صورة';
const IMAGE_ID = 'name-image-image';
const NAME_ID = 'name-image-name';

interface NameImageFormProps {
  heading: string;
  nameLabel: string;
  /** The button: what it adds ("اضافة الماركة"); nothing exists yet to save changes to. */
  submitLabel: string;
  /** Sends the multipart body (name, image); resolves once created, rejects with the server's error. */
  create: (form: FormData, onProgress: UploadProgress) => Promise<void>;
  /** How long the line after the spinner stays (SPEC §9: 1000 ms brands, 500 ms categories). */
  doneShownMs: number;
}

/** Add brand / add category (SPEC §2): a name and one image. */
export default function NameImageForm({ heading, nameLabel, submitLabel, create, doneShownMs }: NameImageFormProps) {
  const [name, setName] = useState('');
  const [images, setImages] = useState<ImageMap>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'done'>('editing');
  const [progress, setProgress] = useState(0);
  const required = useRequiredFields<'image' | 'name'>();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const complete = required.check([
      { key: 'image', id: IMAGE_ID, filled: images[0] !== undefined, message: IMAGE_MISSING },
      { key: 'name', id: NAME_ID, filled: name.trim() !== '', message: `اكتب ${nameLabel}` },
    ]);
    if (!complete) {
      toast.warn(COMPLETE_DATA_MESSAGE);
      return;
    }
    const form = new FormData();
    form.append('name', name.trim());
    form.append('image', dataUrlToFile(images[0], 'image'));
    setPhase('sending');
    setProgress(0);
    try {
      await create(form, setProgress);
    } catch (err) {
      // The cause when the server names one (too large, not an image, duplicate name…), else SPEC's add problem.
      toast.error(describeAdminError(err, ADD_FAILURE_MESSAGE).message);
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
        <div id={IMAGE_ID}>
          <p className="mb-1 fw-semibold">الصورة</p>
          <ImageUploader
            images={images}
            onChange={(next) => {
              setImages(next);
              if (next[0] !== undefined) required.filled('image');
            }}
            max={1}
            label="الصورة"
            disabled={phase === 'sending'}
            onError={(message) => toast.error(message)}
          />
          <FieldError id={IMAGE_ID} message={required.missing.image} />
        </div>
        <Form.Group controlId={NAME_ID}>
          <Form.Label>{nameLabel}</Form.Label>
          <Form.Control
            {...required.invalidProps('name', NAME_ID)}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (e.target.value.trim()) required.filled('name');
            }}
            disabled={phase === 'sending'}
          />
          <FieldError id={NAME_ID} message={required.missing.name} />
        </Form.Group>
        <div>
          <Button type="submit" variant="dark" className="px-4" disabled={phase === 'sending'}>
            {submitLabel}
          </Button>
        </div>
      </Form>
      {phase === 'sending' && (
        <div className="my-3" style={{ maxWidth: 520 }}>
          <UploadProgressBar fraction={progress} />
          <Spinner label="جاري الاضافة..." />
        </div>
      )}
      {phase === 'done' && (
        <p role="status" className="text-success my-3">
          {DONE_MESSAGE}
        </p>
      )}
    </section>
  );
}
