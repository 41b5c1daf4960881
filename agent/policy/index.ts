// The agent's network policy: which targets a job may reach. See docs/network-policy.md. The
// address rules live in common/net-policy/ (the coordinator's webhook sender uses them too).
export {
  createNetworkPolicy,
  DnsLookupError,
  MAX_REPORTED_ADDRESSES,
  type NetworkPolicy,
  type NetworkPolicyOptions,
  type PolicyAllowed,
  type PolicyDecision,
  type PolicyRefused,
  type Resolver,
} from '../../common/net-policy/index.js';
export {
  type ConnectFailure,
  type DialOptions,
  dialPinned,
  type PinnedTarget,
  TargetConnectError,
  type TlsInfo,
  targetKey,
} from './connector.js';
export {
  connectionReleased,
  type PinnedPool,
  PinnedPools,
  type PinnedPoolsOptions,
} from './pinned-pools.js';
