// The owner's shop settings: admin pages only. The settings form holds the values it edits, so they are not kept in
// the store; these thunks only make the calls (through import(), in admin chunks).
import { createAppAsyncThunk } from '../../app/hooks';

type ShopSettings = import('../../api/admin/shopSettings').ShopSettings;

const shopSettingsApi = () => import('../../api/admin/shopSettings');

export const fetchShopSettings = createAppAsyncThunk('shopSettings/fetch', async () =>
  (await shopSettingsApi()).getShopSettings(),
);

export const saveShopSettings = createAppAsyncThunk('shopSettings/save', async (settings: Partial<ShopSettings>) =>
  (await shopSettingsApi()).saveShopSettings(settings),
);
