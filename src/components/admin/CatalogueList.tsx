import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { CatalogueChange, CatalogueEntry, CatalogueKind } from '../../api/admin/catalog';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import type { RequestStatus } from '../../app/request';
import { toast } from '../../lib/toast';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import ConfirmModal from '../ConfirmModal';
import LoadError from '../LoadError';
import Paginator from '../Paginator';
import Spinner from '../Spinner';
import { describeAdminError } from './adminErrors';
import {
  DELETE_FAILURE_MESSAGE,
  DELETE_SUCCESS_MESSAGE,
  SAVE_FAILURE_MESSAGE,
  SAVE_SUCCESS_MESSAGE,
} from './adminMessages';
import { dataUrlToFile } from './imageFiles';
import ImageUploader, { type ImageMap } from './ImageUploader';
import UploadProgressBar from '../UploadProgressBar';

const CATALOGUE_PAGE_SIZE = 20;

/** What differs between the brand, category and subcategory screens. */
export interface CatalogueTexts {
  kind: CatalogueKind;
  heading: string;
  /** "الماركة", "التصنيف", "التصنيف الفرعي". */
  noun: string;
  addLink: { to: string; label: string };
  empty: string;
  /** The confirmation text: what deleting this entry does to its products (API.md §6.7). */
  deleteWarning: (entry: CatalogueEntry) => string;
  /** The server would refuse deleting this entry (a category that still has products): the dialog's button is disabled. */
  deleteBlocked?: (entry: CatalogueEntry) => boolean;
  /** Filtered admin product list of this entry, when there is one. */
  productsLink?: (entry: CatalogueEntry) => string;
  /** Extra line under the name (a subcategory's category). */
  describe?: (entry: CatalogueEntry) => string | undefined;
}

/** The page of the list its area's slice holds. */
export interface CatalogueListState {
  items: CatalogueEntry[];
  numberOfPages: number;
  status: RequestStatus;
}

/** The server calls of one list, made by its page through the area's slice (unwrapped thunks for the writes). */
export interface CatalogueActions {
  /** Asks the slice for one page; the list shows it once it comes (the page shown stays until then). */
  load: (page: number, limit: number) => void;
  update: (id: string, body: CatalogueChange, onProgress?: UploadProgress) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** The server's limits on aliases (README "Aliases"): at most 10 names of at most 32 characters. */
const MAX_ALIASES = 10;
const MAX_ALIAS_LENGTH = 32;
const ALIASES_TOO_MANY = `اكتب ${MAX_ALIASES} اسماء على الاكثر`;
const ALIAS_TOO_LONG = `كل اسم ${MAX_ALIAS_LENGTH} حرفا على الاكثر`;

/** The names typed in the aliases field, separated by commas (Arabic or Latin) or new lines, as the server reads them. */
const aliasList = (text: string) =>
  text
    .split(/[,،\n]/)
    .map((alias) => alias.trim())
    .filter(Boolean);

/** Rename and (brands, categories) image change of one entry, in place of its card. */
function EntryEditor({
  texts,
  update,
  entry,
  onSaved,
  onCancel,
}: {
  texts: CatalogueTexts;
  update: CatalogueActions['update'];
  entry: CatalogueEntry;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const withImage = texts.kind !== 'subcategories';
  const [name, setName] = useState(entry.name);
  const [aliases, setAliases] = useState((entry.aliases ?? []).join('، '));
  const aliasesChanged = aliasList(aliases).join('\n') !== (entry.aliases ?? []).join('\n');
  const [images, setImages] = useState<ImageMap>(entry.image ? { 0: entry.image } : {});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const imageChanged = withImage && images[0] !== undefined && images[0] !== entry.image;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('من فضلك ادخل الاسم');
      return;
    }
    const names = aliasList(aliases);
    if (names.length > MAX_ALIASES || names.some((alias) => alias.length > MAX_ALIAS_LENGTH)) {
      setError(names.length > MAX_ALIASES ? ALIASES_TOO_MANY : ALIAS_TOO_LONG);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (withImage) {
        // Only what changed: an unchanged image is not uploaded again.
        const form = new FormData();
        if (trimmed !== entry.name) form.append('name', trimmed);
        if (imageChanged) form.append('image', dataUrlToFile(images[0], 'image'));
        // A form field holds the names as one text, separated by commas (an empty one clears them).
        if (aliasesChanged) form.append('aliases', names.join(','));
        await update(entry._id, form, setProgress);
      } else {
        await update(entry._id, { name: trimmed, ...(aliasesChanged && { aliases: names }) });
      }
      toast.success(SAVE_SUCCESS_MESSAGE);
      onSaved();
    } catch (err) {
      setError(describeAdminError(err, SAVE_FAILURE_MESSAGE).message);
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={save} noValidate className="d-grid gap-2" aria-label={`تعديل ${texts.noun} ${entry.name}`}>
      {withImage && (
        <ImageUploader
          images={images}
          onChange={setImages}
          max={1}
          label="الصورة"
          disabled={saving}
          onError={setError}
        />
      )}
      <Form.Group controlId={`rename-${entry._id}`}>
        <Form.Label className="small mb-1">الاسم</Form.Label>
        <Form.Control
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={saving}
          isInvalid={error !== null}
        />
      </Form.Group>
      <Form.Group controlId={`aliases-${entry._id}`}>
        <Form.Label className="small mb-1">اسماء اخرى للبحث</Form.Label>
        <Form.Control
          value={aliases}
          onChange={(e) => setAliases(e.target.value)}
          disabled={saving}
          aria-describedby={`aliases-${entry._id}-hint`}
        />
        <Form.Text id={`aliases-${entry._id}-hint`} className="small">
          افصل بينها بفاصلة، مثل الاسم بحروف لاتينية او خطأ شائع في كتابته
        </Form.Text>
      </Form.Group>
      {error && (
        <Alert variant="danger" className="py-2 mb-0 small">
          {error}
        </Alert>
      )}
      {saving && withImage && imageChanged && <UploadProgressBar fraction={progress} />}
      <div className="d-flex gap-2">
        <Button
          type="submit"
          size="sm"
          variant="dark"
          disabled={saving || (name.trim() === entry.name && !imageChanged && !aliasesChanged)}
        >
          حفظ
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel} disabled={saving}>
          الغاء
        </Button>
      </div>
    </Form>
  );
}

/** A list screen of brands, categories or subcategories: image, name, product count; rename, new image, delete. */
export default function CatalogueList({
  texts,
  list,
  actions,
}: {
  texts: CatalogueTexts;
  list: CatalogueListState;
  actions: CatalogueActions;
}) {
  useAdminPageMeta(texts.heading);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CatalogueEntry | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback((pageNumber: number) => actions.load(pageNumber, CATALOGUE_PAGE_SIZE), [actions]);

  useEffect(() => load(page), [load, page]);

  const { items, numberOfPages, status } = list;
  const shown = status === 'failed' ? 'failed' : status === 'succeeded' || items.length > 0 ? 'loaded' : 'loading';

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await actions.remove(toDelete._id);
      toast.success(DELETE_SUCCESS_MESSAGE);
      load(page);
    } catch (err) {
      // A category that still has products (409) says so; other causes are named too.
      toast.error(describeAdminError(err, DELETE_FAILURE_MESSAGE).message);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 my-3">
        <h1 className="h4 mb-0">{texts.heading}</h1>
        <Link to={texts.addLink.to} className="btn btn-sm btn-dark">
          {texts.addLink.label}
        </Link>
      </div>
      {shown === 'loading' && <Spinner />}
      {shown === 'failed' && <LoadError onRetry={() => load(page)} />}
      {shown === 'loaded' && items.length === 0 && <p>{texts.empty}</p>}
      {shown === 'loaded' && items.length > 0 && (
        <>
          <ul className="list-unstyled d-grid gap-2 mb-3">
            {items.map((entry) => (
              <li key={entry._id}>
                <Card as="article" className="shadow-sm" aria-label={`${texts.noun} ${entry.name}`}>
                  <Card.Body className="p-2">
                    {editing === entry._id ? (
                      <EntryEditor
                        texts={texts}
                        update={actions.update}
                        entry={entry}
                        onCancel={() => setEditing(null)}
                        onSaved={() => {
                          setEditing(null);
                          load(page);
                        }}
                      />
                    ) : (
                      <div className="d-flex align-items-center gap-3">
                        {texts.kind !== 'subcategories' &&
                          (entry.image ? (
                            <img
                              src={entry.image}
                              alt=""
                              width={64}
                              height={64}
                              loading="lazy"
                              className="rounded bg-light flex-shrink-0"
                              style={{ objectFit: 'cover' }}
                            />
                          ) : (
                            <span
                              className="rounded bg-light flex-shrink-0 d-inline-block"
                              style={{ width: 64, height: 64 }}
                              aria-hidden="true"
                            />
                          ))}
                        <div className="flex-grow-1" style={{ minWidth: 0 }}>
                          <h2 className="h6 mb-1 text-truncate">{entry.name}</h2>
                          {texts.describe?.(entry) && <p className="small text-muted mb-1">{texts.describe(entry)}</p>}
                          {entry.aliases && entry.aliases.length > 0 && (
                            <p className="small text-muted mb-1 text-break">
                              اسماء اخرى: {/* Each name isolated, so Latin ones keep the list's right-to-left order. */}
                              {entry.aliases.map((alias, index) => (
                                <Fragment key={alias}>
                                  {index > 0 && '، '}
                                  <bdi>{alias}</bdi>
                                </Fragment>
                              ))}
                            </p>
                          )}
                          <p className="small mb-0">
                            {texts.productsLink && entry.productCount ? (
                              <Link to={texts.productsLink(entry)}>عدد المنتجات: {entry.productCount}</Link>
                            ) : (
                              <span className="text-muted">عدد المنتجات: {entry.productCount ?? 0}</span>
                            )}
                          </p>
                        </div>
                        <div className="d-flex flex-column flex-sm-row gap-2 flex-shrink-0">
                          <Button
                            size="sm"
                            variant="outline-primary"
                            onClick={() => setEditing(entry._id)}
                            aria-label={`تعديل ${entry.name}`}
                          >
                            تعديل
                          </Button>
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => setToDelete(entry)}
                            aria-label={`حذف ${entry.name}`}
                          >
                            حذف
                          </Button>
                        </div>
                      </div>
                    )}
                  </Card.Body>
                </Card>
              </li>
            ))}
          </ul>
          <Paginator pageCount={numberOfPages} currentPage={page} onPageChange={setPage} />
        </>
      )}
      <ConfirmModal
        show={toDelete !== null}
        title="تأكيد الحذف"
        body={
          toDelete ? `هل انت متأكد من حذف ${texts.noun} ${toDelete.name}؟ ${texts.deleteWarning(toDelete)}` : undefined
        }
        busy={deleting}
        blocked={toDelete !== null && (texts.deleteBlocked?.(toDelete) ?? false)}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
