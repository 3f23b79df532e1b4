import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../common/format';
import type { AuditEntry } from '../../api/admin/audit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import FilterSelect from '../../components/admin/FilterSelect';
import LoadError from '../../components/LoadError';
import Paginator from '../../components/Paginator';
import Spinner from '../../components/Spinner';
import {
  ACTION_LABELS,
  TARGET_LABELS,
  actionLabel,
  changedFields,
  roleLabel,
  targetLabel,
  targetLink,
} from '../../features/audit/auditLabels';
import { fetchAuditLog, selectAuditPage } from '../../features/audit/auditSlice';
import { selectCurrentUser } from '../../app/userSlice';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { useUrlFilters } from '../../lib/useUrlFilters';

const AUDIT_PAGE_SIZE = 20;
const FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** The entry's changes: each field with its value before → after (a create shows only after, a delete only before). */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (!fields.length) return <span className="text-muted">—</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {fields.map((f) => (
        <li key={f.name}>
          <span className="fw-semibold">{f.label}: </span>
          {f.before !== null && <span className="text-decoration-line-through text-muted">{f.before}</span>}
          {f.before !== null && f.after !== null && <span aria-label="أصبح"> ← </span>}
          {f.after !== null && <span>{f.after}</span>}
        </li>
      ))}
    </ul>
  );
}

export default function AdminAuditLogPage() {
  useAdminPageMeta('سجل النشاط');
  const dispatch = useAppDispatch();
  const isOwner = useAppSelector(selectCurrentUser)?.role === 'admin';
  const list = useAppSelector(selectAuditPage);
  const { params, paramString, filtered, setFilter, page, setPage, text, setText, submitText, clear } = useUrlFilters(
    FILTERS,
    'targetId',
  );
  // Raised by the retry button: loads the page again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const query = new URLSearchParams(paramString);
    const filter = (name: (typeof FILTERS)[number]) => query.get(name) || undefined;
    void dispatch(
      fetchAuditLog({
        page,
        limit: AUDIT_PAGE_SIZE,
        actor: filter('actor'),
        action: filter('action'),
        targetType: filter('targetType'),
        targetId: filter('targetId'),
        from: filter('from'),
        to: filter('to'),
      }),
    );
  }, [dispatch, paramString, page, attempt]);

  const loading = list.status === 'idle' || list.status === 'pending';
  const actor = params.get('actor');
  const actorName = actor ? list.items.find((e) => e.actor._id === actor)?.actor.name : undefined;

  return (
    <section>
      <h1 className="h4 my-3">سجل النشاط</h1>
      <p className="text-muted small">
        {isOwner
          ? 'كل ما غيره فريق المتجر: من غيّر، ومتى، وماذا كان وماذا أصبح.'
          : 'ما غيرته انت في المتجر: متى، وماذا كان وماذا أصبح.'}
      </p>
      <Form role="search" onSubmit={submitText} className="row g-2 align-items-end mb-3" aria-label="تصفية السجل">
        <FilterSelect
          id="audit-action"
          label="الاجراء"
          choices={Object.entries(ACTION_LABELS)}
          value={params.get('action') ?? ''}
          onChange={(v) => setFilter('action', v)}
        />
        <FilterSelect
          id="audit-target-type"
          label="العنصر"
          choices={Object.entries(TARGET_LABELS)}
          value={params.get('targetType') ?? ''}
          onChange={(v) => setFilter('targetType', v)}
        />
        <Form.Group controlId="audit-from" className="col-6 col-md-3">
          <Form.Label className="small mb-1">من تاريخ</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={params.get('from') ?? ''}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="audit-to" className="col-6 col-md-3">
          <Form.Label className="small mb-1">الى تاريخ</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={params.get('to') ?? ''}
            onChange={(e) => setFilter('to', e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="audit-target-id" className="col-12 col-md-9">
          <Form.Label className="small mb-1">رقم الطلب او المنتج (المعرف)</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control dir="ltr" size="sm" value={text} onChange={(e) => setText(e.target.value)} />
            <Button type="submit" size="sm" variant="dark" className="px-3">
              بحث
            </Button>
          </div>
        </Form.Group>
        {filtered && (
          <div className="col-12 col-md-3">
            <Button size="sm" variant="outline-secondary" className="w-100" onClick={clear}>
              مسح الفلاتر
            </Button>
          </div>
        )}
      </Form>
      {actor && (
        <p className="small">
          نشاط {actorName ?? 'موظف واحد'} فقط.{' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline tap-target"
            onClick={() => setFilter('actor', '')}
          >
            عرض نشاط الجميع
          </Button>
        </p>
      )}
      {loading && <Spinner />}
      {list.status === 'failed' && <LoadError onRetry={() => setAttempt((n) => n + 1)} />}
      {!loading && list.status === 'succeeded' && list.items.length === 0 && (
        <p>{filtered ? 'لا يوجد نشاط يطابق البحث' : 'لا يوجد نشاط مسجل حتى الان'}</p>
      )}
      {!loading && list.status === 'succeeded' && list.items.length > 0 && (
        <>
          <p className="text-muted small">عدد العمليات: {list.results}</p>
          <Table responsive size="sm" className="align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">الوقت</th>
                <th scope="col">من</th>
                <th scope="col">الاجراء</th>
                <th scope="col">العنصر</th>
                <th scope="col">قبل ← بعد</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((entry) => {
                const link = targetLink(entry.target);
                return (
                  <tr key={entry._id}>
                    <td className="text-nowrap small">{formatDateTime(entry.at)}</td>
                    <td>
                      {isOwner ? (
                        <Button
                          variant="link"
                          size="sm"
                          className="p-0 text-start tap-target"
                          title="عرض نشاطه فقط"
                          onClick={() => setFilter('actor', entry.actor._id)}
                        >
                          {entry.actor.name}
                        </Button>
                      ) : (
                        entry.actor.name
                      )}
                      <div className="text-muted small">{roleLabel(entry.actor.role)}</div>
                    </td>
                    <td>{actionLabel(entry.action)}</td>
                    <td>
                      {link ? <Link to={link}>{targetLabel(entry.target.type)}</Link> : targetLabel(entry.target.type)}
                      {entry.target.id && (
                        <div className="small">
                          <Button
                            variant="link"
                            size="sm"
                            className="p-0 text-start text-muted tap-target"
                            dir="ltr"
                            title="كل نشاط هذا العنصر"
                            onClick={() => {
                              setText(entry.target.id!);
                              setFilter('targetId', entry.target.id!);
                            }}
                          >
                            {entry.target.id.slice(0, 8)}
                          </Button>
                        </div>
                      )}
                    </td>
                    <td>
                      <Changes entry={entry} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Paginator pageCount={list.numberOfPages} currentPage={page} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
