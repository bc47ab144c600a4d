/**
 * Preloaded (`node --require`) into processes a test spawns (the backend's
 * API and workers, scripts/start.mjs): when the test runner that started
 * them dies (killed, crashed, Ctrl-C), the process is re-parented, so it
 * shuts down the way it would on SIGTERM, and is killed outright if that
 * takes longer than 15 s. No orphan keeps consuming jobs from a shared Redis.
 * Test-only: the product never loads this file.
 */
const parent = Number(process.env.LEASH_PARENT_PID);
if (parent > 0) {
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 15000).unref();
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}
