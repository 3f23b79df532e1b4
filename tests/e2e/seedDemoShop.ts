import { jobDir, writeJobResult } from '../backgroundJobs';
import { seedShop } from './seededShop';

// The job of the end-to-end tests' global set-up that seeds the demo shop, in its own folder (TEST_JOB_DIR).
writeJobResult(await seedShop(jobDir()));
