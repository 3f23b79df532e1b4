// The owner's zone edits: imported by admin pages only, so these thunks (and, through import(), their calls) stay in
// admin chunks. Each loads the zones again: a governorate chosen for one zone leaves the other it was in.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { deliveryAdminApi, fetchZones } from '../../app/deliverySlice';

type ShippingZoneBody = import('../../api/admin/delivery').ShippingZoneBody;

/** Adds a zone (governorates in other zones move to it), then loads the zones again. */
export const createZone = createAppAsyncThunk('delivery/createZone', async (body: ShippingZoneBody, { dispatch }) => {
  const zone = await (await deliveryAdminApi()).createZone(body);
  await dispatch(fetchZones());
  return zone;
});

export const updateZone = createAppAsyncThunk(
  'delivery/updateZone',
  async ({ id, body }: { id: Id; body: ShippingZoneBody }, { dispatch }) => {
    const zone = await (await deliveryAdminApi()).updateZone(id, body);
    await dispatch(fetchZones());
    return zone;
  },
);

export const deleteZone = createAppAsyncThunk('delivery/deleteZone', async (id: Id, { dispatch }) => {
  await (await deliveryAdminApi()).deleteZone(id);
  await dispatch(fetchZones());
});
