// The agent's network policy: which targets a job may reach. See docs/network-policy.md. The
// address rules live in common/net-policy/ (the coordinator's webhook sender uses them too).
export {
  createNetworkPolicy,
  DnsLookupError,
  type NetworkPolicy,
  type NetworkPolicyOptions,
  type PolicyAllowed,
  type PolicyDecision,
  type PolicyRefused,
  type Resolver,
} from '../../common/net-policy/index.js';
export {
  type ConnectFailure,
  createPolicyConnector,
  type PolicyConnector,
  type PolicyConnectorOptions,
  TargetConnectError,
  type TlsInfo,
  targetKey,
} from './connector.js';
