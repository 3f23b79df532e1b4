// The owner's dashboard figures: GET /dashboard (ours, manager and admin).
import { apiClient } from '../client';
import { imageUrl } from '../normalize';
import type { ItemResponse } from '../types';

export interface PeriodFigures {
  orders: number;
  /** EGP: the totals of the orders placed. */
  revenue: number;
}

export interface Dashboard {
  timeZone: string;
  /** The shop's (Cairo) calendar date, YYYY-MM-DD. */
  today: string;
  periods: { today: PeriodFigures; last7Days: PeriodFigures; last30Days: PeriodFigures };
  /** The last 30 Cairo days, oldest first, today last. */
  daily: (PeriodFigures & { date: string })[];
  awaiting: { payment: number; delivery: number };
  stock: { outOfStock: number; low: number; lowThreshold: number };
  bestSellers: { product: { _id: string; title: string; imageCover?: string }; sold: number; revenue: number }[];
}

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
