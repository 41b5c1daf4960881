// The test target server (test/helpers/target-server.ts) in a process of its own, for benches that
// measure the coordinator's process: the target's requests then neither wait for the coordinator's
// event loop nor count in its CPU, as a site on the internet would not. Forked with IPC: sends
// { httpUrl } once listening; exits when its parent disconnects.
import { startTargetServer } from '../../../test/helpers/target-server.js';

const target = await startTargetServer();
// Requests are counted, not kept: a long bench would otherwise hold every request's headers.
setInterval(() => {
  target.seen.length = 0;
}, 1000).unref();
process.send?.({ httpUrl: target.httpUrl });
process.on('disconnect', () => {
  void target.close().then(() => process.exit(0));
});
