// Devices that measure, in this process: real agents with the measurement executor the agent
// builds (the probe's tools), under a lab policy (loopback allowed) or the default one (refused).
import { HttpExecutor } from '../../agent/executors/http.js';
import { MeasureExecutor } from '../../agent/executors/measure/executor.js';
import { measureTools } from '../../agent/executors/measure/probe.js';
import type { Executor } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { startTestAgent, type TestCoordinator } from './cluster.js';

export interface MeasureAgentOptions {
  deviceId: string;
  country: string;
  /** Loopback targets allowed (the lab allowance). Default true. */
  lab?: boolean;
  /** The source address of the device's measurements (a loopback address: its "network"). */
  localAddress?: string;
  /**
   * The loopback address its link to the coordinator comes from (agent --local-address): the
   * coordinator's --asn-db can map it to a network. Default the system's choice.
   */
  linkAddress?: string;
  /** Wraps the measurement executor (a lying device); default as built. */
  wrap?: (executor: Executor) => Executor;
}

/** A linked agent that runs measurements; returns its stop. */
export async function startMeasureAgent(
  c: TestCoordinator,
  o: MeasureAgentOptions,
): Promise<() => Promise<void>> {
  const token = await c.newDevice(o.deviceId);
  const agent = await startTestAgent({
    deviceId: o.deviceId,
    token,
    coordinators: [c.url],
    country: o.country,
    ...(o.linkAddress ? { extra: ['--local-address', o.linkAddress] } : {}),
    executors: await measureExecutors(o),
  });
  return agent.stop;
}

/** The executors of a device that measures (plain HTTP and the measurement tools), for any agent. */
export async function measureExecutors(
  o: Pick<MeasureAgentOptions, 'lab' | 'localAddress' | 'wrap'> = {},
): Promise<Executor[]> {
  const policy = createNetworkPolicy(o.lab === false ? {} : { allowCidrs: ['127.0.0.0/8', '::1/128'] });
  const tools = await measureTools();
  return [
    new HttpExecutor({ policy, maxBodyBytes: 1024 * 1024 }),
    (o.wrap ?? ((e) => e))(new MeasureExecutor({ policy, tools, localAddress: o.localAddress })),
  ];
}
