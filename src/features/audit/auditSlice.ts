import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { loggedOut } from '../../app/userSlice';

type AuditEntry = import('../../api/admin/audit').AuditEntry;
type AuditQuery = import('../../api/admin/audit').AuditQuery;

// Staff only: the calls are loaded on first use, so they stay in the admin chunks.
const auditApi = () => import('../../api/admin/audit');

interface AuditState {
  /** The page of /admin/audit on screen. */
  page: PagedList<AuditEntry>;
}

const initialState: AuditState = { page: emptyPagedList() };

/** GET /audit: one page of staff actions, newest first, with the screen's filters. */
export const fetchAuditLog = createAppAsyncThunk('audit/fetchPage', async (query: AuditQuery) =>
  (await auditApi()).listAuditLog(query),
);

const auditSlice = createSlice({
  name: 'audit',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    addPagedListCases(builder, fetchAuditLog, (state) => state.page);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof auditSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = auditSlice.injectInto(rootReducer).selectSlice;

export default auditSlice.reducer;

export const selectAuditPage = (state: RootState) => own(state).page;
