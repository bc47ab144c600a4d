export { OpsModule } from './ops.module';
export { restoreBackup, stripPassword, type RestoreOptions, type RestoreResult } from './backups/restore';
export { ClusterMetrics } from './metrics/cluster-metrics.service';
export { ResponseCache } from './cache/response-cache.service';
export { registerResponseCache } from './cache/response-cache.hooks';
