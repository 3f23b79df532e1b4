import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchShopInfo, selectShopInfo } from '../../app/shopSlice';

/** A thin bar on every page of a demo shop: card payments go to the server's test page and take no money. */
export default function DemoShopNotice() {
  const dispatch = useAppDispatch();
  const { demo } = useAppSelector(selectShopInfo);
  useEffect(() => {
    void dispatch(fetchShopInfo());
  }, [dispatch]);
  if (!demo) return null;
  return (
    <div
      role="note"
      className="bg-warning-subtle text-warning-emphasis text-center small py-1 px-2 border-bottom border-warning-subtle"
    >
      متجر تجريبي — لا توجد مدفوعات حقيقية
    </div>
  );
}
