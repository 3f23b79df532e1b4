// The owner's shop settings (/admin/settings) as the server has them: loaded, then each save's answer. The settings
// form holds the values being edited. Imported by the admin page only: the slice adds itself to the store as it loads
// (app/rootReducer.ts), and its calls come through import(), so it stays in admin chunks.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';

type ShopSettings = import('../../api/admin/shopSettings').ShopSettings;

const shopSettingsApi = () => import('../../api/admin/shopSettings');

interface ShopSettingsState extends RequestState {
  settings: ShopSettings | null;
}

const initialState: ShopSettingsState = { settings: null, ...idleRequest };

export const fetchShopSettings = createAppAsyncThunk('shopSettings/fetch', async () =>
  (await shopSettingsApi()).getShopSettings(),
);

/** Resolves with the settings as now stored, which the store then holds. */
export const saveShopSettings = createAppAsyncThunk('shopSettings/save', async (settings: Partial<ShopSettings>) =>
  (await shopSettingsApi()).saveShopSettings(settings),
);

const shopSettingsSlice = createSlice({
  name: 'shopSettings',
  initialState,
  reducers: {
    /** The owner left the settings: the next visit starts from a spinner and the settings as the server has them. */
    shopSettingsClosed: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      // A retry starts from the spinner again.
      .addCase(fetchShopSettings.pending, (state) => {
        state.settings = null;
      })
      .addCase(fetchShopSettings.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.settings = action.payload;
      })
      .addCase(saveShopSettings.fulfilled, (state, action) => {
        state.settings = action.payload;
      });
    addRequestStatusMatchers(builder, [fetchShopSettings]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof shopSettingsSlice> {}
}
/** In the store once the settings page has loaded this file (app/rootReducer.ts). */
const own = shopSettingsSlice.injectInto(rootReducer).selectSlice;

export const { shopSettingsClosed } = shopSettingsSlice.actions;
export default shopSettingsSlice.reducer;

/** The settings as loaded or last saved (null while loading or after a failed load), with the load's status. */
export const selectShopSettings = (state: RootState) => own(state);
