import { Dashboard } from '../../../common/contract/staff';
import { Type } from '../../lib/schemas';

/** GET /dashboard's answer. */
export const DashboardAnswer = Type.Object({ data: Dashboard });
