// The owner's dashboard figures: GET /dashboard (ours, manager and admin).
import type { Static } from 'typebox';
import type { Dashboard as DashboardSchema, Period } from '../../../common/contract/staff';
import { apiClient } from '../client';
import { imageUrl } from '../normalize';
import type { ItemResponse } from '../types';

/** Orders placed in a period and their totals (EGP). */
export type PeriodFigures = Static<typeof Period>;

/** The owner's figures: the days are the shop's (Cairo) calendar days, `daily` the last 30, oldest first. */
export type Dashboard = Static<typeof DashboardSchema>;

export async function getDashboard(): Promise<Dashboard> {
  const { data } = await apiClient.get<ItemResponse<Dashboard>>('/dashboard');
  const dashboard = data.data;
  return {
    ...dashboard,
    bestSellers: dashboard.bestSellers.map((b) => ({
      ...b,
      product: { ...b.product, imageCover: imageUrl(b.product.imageCover) },
    })),
  };
}
