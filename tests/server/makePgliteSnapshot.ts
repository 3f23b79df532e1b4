import { writeJobResult } from '../backgroundJobs';
import { migratedPgliteDir, pgliteSnapshot, type PgliteSnapshot } from './databaseSnapshot';

// The job of pgliteSnapshotJob: the run's migrated PGlite, made (or found cached) in a process of its own.
const result: PgliteSnapshot = { dump: await pgliteSnapshot(), dataDir: await migratedPgliteDir() };
writeJobResult(result);
