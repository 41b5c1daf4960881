// Chromium's net::ERR_* names for a failed main document, as device error types. The proxy's own
// record is preferred when it has one (it knows a refusal or DNS failure that Chromium only sees as
// a failed tunnel); this table covers what happened beyond the proxy, e.g. TLS.
import type { DeviceErrorType } from '../../../proto/index.js';

const EXACT: Record<string, DeviceErrorType> = {
  'net::ERR_NAME_NOT_RESOLVED': 'dns',
  'net::ERR_NAME_RESOLUTION_FAILED': 'dns',
  'net::ERR_DNS_TIMED_OUT': 'dns',
  'net::ERR_CONNECTION_TIMED_OUT': 'timeout',
  'net::ERR_TIMED_OUT': 'timeout',
  'net::ERR_BLOCKED_BY_CLIENT': 'blocked',
  'net::ERR_BLOCKED_BY_ADMINISTRATOR': 'blocked',
  'net::ERR_UNSAFE_PORT': 'blocked',
  'net::ERR_UNSAFE_REDIRECT': 'blocked',
  'net::ERR_INVALID_REDIRECT': 'invalid_response',
  'net::ERR_TOO_MANY_REDIRECTS': 'invalid_response',
  'net::ERR_INVALID_RESPONSE': 'invalid_response',
  'net::ERR_INVALID_HTTP_RESPONSE': 'invalid_response',
  'net::ERR_CONTENT_DECODING_FAILED': 'invalid_response',
  'net::ERR_RESPONSE_HEADERS_TOO_BIG': 'invalid_response',
  // A download (attachment or a type the browser does not render) aborts the navigation.
  'net::ERR_ABORTED': 'invalid_response',
};

export function netErrorType(errorText: string): DeviceErrorType {
  const exact = EXACT[errorText];
  if (exact) return exact;
  if (/^net::ERR_(CERT|SSL)_|^net::ERR_BAD_SSL|^net::ERR_.*_CERTIFICATE/.test(errorText)) return 'tls';
  if (/^net::ERR_(CONNECTION|ADDRESS|TUNNEL|PROXY|EMPTY_RESPONSE|SOCKET|NETWORK)/.test(errorText)) {
    return 'connect';
  }
  if (errorText.startsWith('net::ERR_')) return 'connect';
  return 'browser';
}
