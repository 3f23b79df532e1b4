import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import UploadProgressBar from '../../components/UploadProgressBar';
import { toast } from '../../lib/toast';
import { exportProductSheet } from './adminThunks';
import { applyProductSheet, previewProductSheet, productSheetClosed, selectProductSheet } from './adminProductsSlice';
import { SHEET_TEXTS, sheetFailure } from './productSheetTexts';
import { COLUMN_NAMES, type CatalogueColumn } from '../../../common/catalogueColumns';

// Types only: the admin calls themselves load with the thunks.
type ProductSheetFilters = import('../../api/admin/productSheet').ProductSheetFilters;

/**
 * The owner's catalogue in a spreadsheet (README, API notes): "تصدير CSV" downloads the products the list's filters
 * pick; "استيراد" reads a sheet of the same columns, shows what it would create, update and refuse, and "تطبيق" writes
 * all of it at once. The chosen file is the form's own; the server's plan lives in the products slice.
 */
export default function ProductSheet({ filters, onApplied }: { filters: ProductSheetFilters; onApplied: () => void }) {
  const dispatch = useAppDispatch();
  const sheet = useAppSelector(selectProductSheet);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [exporting, setExporting] = useState(false);
  // How much of the sheet (and its ZIP) has been sent, while a preview or an apply uploads them.
  const [sent, setSent] = useState(0);
  const picker = useRef<HTMLInputElement>(null);
  const imagePicker = useRef<HTMLInputElement>(null);
  const busy = sheet.status === 'pending';
  const plan = sheet.applied ? null : sheet.plan;

  const download = async () => {
    setExporting(true);
    try {
      await dispatch(exportProductSheet(filters)).unwrap();
    } catch (err) {
      toast.error(sheetFailure(err, SHEET_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const preview = async (chosen: File, withMissing: boolean, zip: File | null) => {
    try {
      setSent(0);
      await dispatch(
        previewProductSheet({ file: chosen, images: zip, createMissing: withMissing, onProgress: setSent }),
      ).unwrap();
    } catch (err) {
      toast.error(sheetFailure(err, SHEET_TEXTS.previewFailed));
    }
  };

  const close = () => {
    setFile(null);
    setImages(null);
    if (picker.current) picker.current.value = '';
    if (imagePicker.current) imagePicker.current.value = '';
    dispatch(productSheetClosed());
  };

  const apply = async () => {
    if (!file) return;
    try {
      setSent(0);
      const { applied, plan: written } = await dispatch(
        applyProductSheet({ file, images, createMissing, onProgress: setSent }),
      ).unwrap();
      if (!applied) {
        toast.error(SHEET_TEXTS.refusedOnApply);
        return;
      }
      toast.success(SHEET_TEXTS.applied(written.counts.create, written.counts.update));
      close();
      onApplied();
    } catch (err) {
      toast.error(sheetFailure(err, SHEET_TEXTS.applyFailed));
    }
  };

  const counts = plan?.counts;
  const nothingToDo = counts !== undefined && counts.create + counts.update === 0;
  const newNames = plan ? [...plan.newNames.categories, ...plan.newNames.subcategories, ...plan.newNames.brands] : [];

  return (
    <section aria-label="ملف المنتجات" className="border rounded p-3 mb-3">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <Button size="sm" variant="outline-dark" disabled={exporting} onClick={() => void download()}>
          {exporting ? 'جار التصدير…' : 'تصدير CSV'}
        </Button>
        <Form.Group controlId="products-import">
          <Form.Label className="small mb-1">استيراد</Form.Label>
          <Form.Control
            ref={picker}
            type="file"
            size="sm"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => {
              const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void preview(chosen, createMissing, images);
              else dispatch(productSheetClosed());
            }}
          />
        </Form.Group>
        <Form.Group controlId="products-import-images">
          <Form.Label className="small mb-1">صور المنتجات الجديدة (ملف ZIP) - اختياري</Form.Label>
          <Form.Control
            ref={imagePicker}
            type="file"
            size="sm"
            accept=".zip,application/zip"
            disabled={busy}
            onChange={(e) => {
              const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
              setImages(chosen);
              if (file) void preview(file, createMissing, chosen);
            }}
          />
        </Form.Group>
        <Form.Check
          id="products-import-create-missing"
          type="checkbox"
          label="إنشاء التصنيفات والماركات الناقصة"
          checked={createMissing}
          disabled={busy}
          onChange={(e) => {
            setCreateMissing(e.target.checked);
            if (file) void preview(file, e.target.checked, images);
          }}
        />
      </div>
      <p className="text-muted small mt-2 mb-0">{SHEET_TEXTS.hint}</p>
      {busy && (
        <div className="mt-2">
          {/* Sent, then read and checked on the server (the bar stays full meanwhile). */}
          <UploadProgressBar fraction={sent} />
          <p role="status" className="small mt-1 mb-0">
            {SHEET_TEXTS.working}
          </p>
        </div>
      )}
      {plan && counts && (
        <div className="mt-3" aria-live="polite">
          <h2 className="h6">معاينة الاستيراد</h2>
          <ul className="list-unstyled d-flex flex-wrap gap-3 small mb-2">
            <li>منتجات جديدة: {counts.create}</li>
            <li>منتجات ستُحدّث: {counts.update}</li>
            <li>بدون تغيير: {counts.unchanged}</li>
            <li className={counts.refused ? 'text-danger fw-bold' : undefined}>أسطر مرفوضة: {counts.refused}</li>
          </ul>
          {newNames.length > 0 && <p className="small">{`سيُنشأ: ${newNames.join('، ')}`}</p>}
          {plan.refused.length > 0 && (
            <>
              <Alert variant="danger" className="py-2 small">
                {SHEET_TEXTS.fixRefused}
              </Alert>
              <Table size="sm" bordered responsive className="small">
                <caption className="visually-hidden">الأسطر المرفوضة</caption>
                <thead>
                  <tr>
                    <th scope="col">السطر</th>
                    <th scope="col">السبب</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.refused.map((r, i) => (
                    <tr key={`${r.line}-${r.column ?? ''}-${i}`}>
                      <td>{r.line}</td>
                      <td>{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
          {plan.update.length > 0 && (
            <Table size="sm" bordered responsive className="small">
              <caption className="visually-hidden">المنتجات التي ستُحدّث</caption>
              <thead>
                <tr>
                  <th scope="col">السطر</th>
                  <th scope="col">المنتج</th>
                  <th scope="col">ما يتغير</th>
                </tr>
              </thead>
              <tbody>
                {plan.update.slice(0, 50).map((u) => (
                  <tr key={u.id}>
                    <td>{u.line}</td>
                    <td>{u.title}</td>
                    <td>{u.changes.map((c) => COLUMN_NAMES[c as CatalogueColumn] ?? c).join('، ')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <div className="d-flex gap-2">
            <Button
              size="sm"
              variant="dark"
              disabled={busy || counts.refused > 0 || nothingToDo}
              onClick={() => void apply()}
            >
              تطبيق
            </Button>
            <Button size="sm" variant="outline-secondary" disabled={busy} onClick={close}>
              إلغاء
            </Button>
          </div>
          {nothingToDo && counts.refused === 0 && <p className="small mt-2 mb-0">{SHEET_TEXTS.nothingToDo}</p>}
        </div>
      )}
    </section>
  );
}
