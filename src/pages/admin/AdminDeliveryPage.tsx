import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import Tab from 'react-bootstrap/Tab';
import Table from 'react-bootstrap/Table';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router-dom';
import type { ShippingZone } from '../../api/admin/delivery';
import type { Governorate } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { describeAdminError } from '../../components/admin/adminErrors';
import { DELETE_FAILURE_MESSAGE } from '../../components/admin/adminMessages';
import GovernorateForm from '../../features/delivery/admin/GovernorateForm';
import ZoneForm from '../../features/delivery/admin/ZoneForm';
import ConfirmModal from '../../components/ConfirmModal';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import { deleteZone } from '../../features/delivery/adminThunks';
import {
  fetchGovernorates,
  fetchZones,
  reloadGovernorates,
  selectGovernorates,
  selectGovernoratesStatus,
  selectZones,
} from '../../app/deliverySlice';
import { toast } from '../../lib/toast';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { formatEGP } from '../../../common/format';

const ZONE_DELETED_MESSAGE = 'تم حذف منطقة الشحن';

type Editing = { kind: 'new' } | { kind: 'zone'; zone: ShippingZone } | null;

/** The Arabic names of a zone's governorates, in the shop's order. */
function governorateNames(codes: string[], governorates: Governorate[]) {
  return governorates.filter((g) => codes.includes(g.code)).map((g) => g.name);
}

function ZoneCard({
  zone,
  governorates,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  governorates: Governorate[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  const names = governorateNames(zone.governorates, governorates);
  return (
    <Card as="article" className="h-100" aria-labelledby={headingId}>
      <Card.Body>
        <Card.Title as="h3" className="fs-6" id={headingId}>
          {zone.name}
        </Card.Title>
        <dl className="row small mb-2">
          <dt className="col-6 fw-normal text-muted">رسوم الشحن</dt>
          <dd className="col-6 mb-1">{zone.fee === 0 ? 'مجاني' : formatEGP(zone.fee)}</dd>
          <dt className="col-6 fw-normal text-muted">شحن مجاني من</dt>
          <dd className="col-6 mb-1">
            {zone.freeShippingFrom === null ? 'لا يوجد' : formatEGP(zone.freeShippingFrom)}
          </dd>
          <dt className="col-6 fw-normal text-muted">الدفع عند الاستلام</dt>
          <dd className="col-6 mb-1">
            <Badge bg={zone.cashOnDelivery ? 'success' : 'secondary'} className="fw-normal">
              {zone.cashOnDelivery ? 'متاح' : 'غير متاح'}
            </Badge>
          </dd>
          {zone.cashOnDelivery && (
            <>
              <dt className="col-6 fw-normal text-muted">رسوم الدفع عند الاستلام</dt>
              <dd className="col-6 mb-1">{zone.cashFee === null ? 'رسوم المتجر' : formatEGP(zone.cashFee)}</dd>
            </>
          )}
          <dt className="col-12 fw-normal text-muted">المحافظات ({names.length})</dt>
          <dd className="col-12 mb-0">{names.length ? names.join('، ') : 'لا توجد محافظات في هذه المنطقة'}</dd>
        </dl>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={`تعديل منطقة ${zone.name}`}>
            تعديل
          </Button>
          <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`حذف منطقة ${zone.name}`}>
            حذف
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

function ZonesPanel() {
  const dispatch = useAppDispatch();
  const zones = useAppSelector(selectZones);
  const governorates = useAppSelector(selectGovernorates);
  const governoratesStatus = useAppSelector(selectGovernoratesStatus);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<ShippingZone | null>(null);
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();

  const loading =
    zones.status === 'idle' || (zones.status === 'pending' && zones.items.length === 0) || governorates.length === 0;
  const failed = zones.status === 'failed' || governoratesStatus === 'failed';
  const retry = () => {
    if (zones.status === 'failed') void dispatch(fetchZones());
    if (governoratesStatus === 'failed') void dispatch(reloadGovernorates());
  };
  const zoned = new Set(zones.items.flatMap((zone) => zone.governorates));
  const unzoned = governorates.filter((g) => !zoned.has(g.code));

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteZone(toDelete._id)).unwrap();
      toast.success(ZONE_DELETED_MESSAGE);
    } catch (err) {
      toast.error(describeAdminError(err, DELETE_FAILURE_MESSAGE).message);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  if (failed) return <LoadError onRetry={retry} />;
  if (loading) return <Spinner />;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <p className="text-muted small mb-0">
          رسوم الشحن لكل مجموعة محافظات. العناوين خارج اي منطقة تدفع رسوم الشحن الافتراضية من اعدادات المتجر.
        </p>
        <Button variant="dark" onClick={() => setEditing({ kind: 'new' })}>
          اضافة منطقة شحن
        </Button>
      </div>
      {zones.items.length === 0 ? (
        <p>لا توجد مناطق شحن حتى الان</p>
      ) : (
        <div className="row row-cols-1 row-cols-lg-2 g-3">
          {zones.items.map((zone) => (
            <div className="col" key={zone._id}>
              <ZoneCard
                zone={zone}
                governorates={governorates}
                onEdit={() => setEditing({ kind: 'zone', zone })}
                onDelete={() => setToDelete(zone)}
              />
            </div>
          ))}
        </div>
      )}
      {unzoned.length > 0 && (
        <p className="small mt-3 mb-0">
          <span className="fw-semibold">محافظات خارج المناطق ({unzoned.length}): </span>
          {unzoned.map((g) => g.name).join('، ')}
        </p>
      )}

      <Modal show={editing !== null} onHide={() => setEditing(null)} size="lg" aria-labelledby={titleId} scrollable>
        <Modal.Header closeButton closeLabel="اغلاق">
          <Modal.Title as="h2" className="fs-5" id={titleId}>
            {editing?.kind === 'zone' ? `تعديل منطقة ${editing.zone.name}` : 'اضافة منطقة شحن'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {editing && (
            <ZoneForm
              zone={editing.kind === 'zone' ? editing.zone : undefined}
              governorates={governorates}
              zones={zones.items}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          )}
        </Modal.Body>
      </Modal>

      <ConfirmModal
        show={toDelete !== null}
        title="تأكيد الحذف"
        body={
          toDelete
            ? `هل انت متأكد من حذف منطقة ${toDelete.name}؟ ستدفع محافظاتها رسوم الشحن الافتراضية حتى تضعها في منطقة اخرى.`
            : undefined
        }
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

function GovernoratesPanel() {
  const dispatch = useAppDispatch();
  const zones = useAppSelector(selectZones);
  const governorates = useAppSelector(selectGovernorates);
  const status = useAppSelector(selectGovernoratesStatus);
  const [renaming, setRenaming] = useState<Governorate | null>(null);
  const titleId = useId();

  if (status === 'failed') return <LoadError onRetry={() => void dispatch(reloadGovernorates())} />;
  if (governorates.length === 0) return <Spinner />;

  const zoneName = (code: string) => zones.items.find((zone) => zone.governorates.includes(code))?.name;

  return (
    <>
      <Table responsive size="sm" className="align-middle bg-white">
        <thead>
          <tr>
            <th scope="col">المحافظة</th>
            <th scope="col">بالانجليزية</th>
            <th scope="col">الكود</th>
            <th scope="col">منطقة الشحن</th>
            <th scope="col">
              <span className="visually-hidden">تعديل</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {governorates.map((governorate) => (
            <tr key={governorate.code}>
              <th scope="row" className="fw-normal">
                {governorate.name}
              </th>
              <td dir="ltr" className="text-start">
                {governorate.nameEn}
              </td>
              <td dir="ltr" className="text-start text-nowrap">
                {governorate.code}
              </td>
              <td>{zoneName(governorate.code) ?? <span className="text-muted">بدون منطقة</span>}</td>
              <td>
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => setRenaming(governorate)}
                  aria-label={`تعديل اسم ${governorate.name}`}
                >
                  تعديل
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>

      <Card className="mt-3">
        <Card.Body>
          <h3 className="h6">اضافة محافظة</h3>
          <p className="text-muted small">
            عند تقسيم محافظة: اضف المحافظة الجديدة بكود جديد ثم ضعها في منطقة الشحن المناسبة.
          </p>
          <GovernorateForm />
        </Card.Body>
      </Card>

      <Modal show={renaming !== null} onHide={() => setRenaming(null)} aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel="اغلاق">
          <Modal.Title as="h2" className="fs-5" id={titleId}>
            {renaming ? `تعديل اسم ${renaming.name}` : ''}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {renaming && (
            <GovernorateForm
              governorate={renaming}
              onSaved={() => setRenaming(null)}
              onCancel={() => setRenaming(null)}
            />
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}

type TabKey = 'zones' | 'governorates';

/** The owner's delivery prices: shipping zones (a fee per group of governorates) and the governorate list. */
export default function AdminDeliveryPage() {
  useAdminPageMeta('مناطق الشحن');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'governorates' ? 'governorates' : 'zones';

  useEffect(() => {
    void dispatch(fetchZones());
    void dispatch(fetchGovernorates());
  }, [dispatch]);

  return (
    <section>
      <h1 className="h4 my-3">مناطق الشحن والمحافظات</h1>
      <Tabs
        id="delivery-tabs"
        activeKey={tab}
        onSelect={(key) => setParams(key === 'governorates' ? { tab: key } : {}, { replace: true })}
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="zones" title="مناطق الشحن">
          <ZonesPanel />
        </Tab>
        <Tab eventKey="governorates" title="المحافظات">
          <GovernoratesPanel />
        </Tab>
      </Tabs>
    </section>
  );
}
